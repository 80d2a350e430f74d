import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installConstruct } from "@/test/support/construct-package";
import { type TempProject, tempProject } from "@/test/support/temp-project";
import { snapshotContent } from "@/test/support/tree";

/** The route handlers over the server's own services, on a project with its own Construct install. */

let project: TempProject;
const saved = { ...process.env };
let routes: {
  trust: typeof import("@/app/api/construct/trust/route");
  health: typeof import("@/app/api/health/route");
  services: typeof import("@/server/services");
};

beforeAll(async () => {
  project = tempProject({ prefix: "cs-trust-route-" });
  installConstruct(project.root);
  Object.assign(process.env, {
    CONSTRUCT_ROOT: project.root,
    CONSTRUCT_HOME: project.home,
    XDG_CONFIG_HOME: project.xdg,
  });
  routes = {
    trust: await import("@/app/api/construct/trust/route"),
    health: await import("@/app/api/health/route"),
    services: await import("@/server/services"),
  };
}, 180_000);

afterAll(() => {
  routes?.services.orgApi().close();
  for (const key of ["CONSTRUCT_ROOT", "CONSTRUCT_HOME", "XDG_CONFIG_HOME"]) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  project?.remove();
});

const post = (body: string, type = "application/json") =>
  routes.trust.POST(
    new Request("http://127.0.0.1:3000/api/construct/trust", {
      method: "POST",
      headers: { "content-type": type },
      body,
    }),
    {},
  );

describe("POST /api/construct/trust and /api/health", () => {
  it("health carries the construct status; trusting and revoking change it", async () => {
    const health = await (await routes.health.GET()).json();
    expect(health.construct).toMatchObject({ generation: "2", version: "2.1.1", source: "project", trusted: false });
    const trusted = await post("{}");
    expect(trusted.status).toBe(200);
    expect(await trusted.json()).toMatchObject({ trusted: true });
    expect((await (await routes.health.GET()).json()).construct.trusted).toBe(true);
    expect(await (await post('{ "revoke": true }')).json()).toMatchObject({ trusted: false });
  });

  it("refuses a body it does not know, and writes nothing", async () => {
    const before = snapshotContent(project.base);
    expect((await post('{ "trust": "yes" }')).status).toBe(400);
    expect((await post("revoke", "text/plain")).status).toBe(415);
    expect(snapshotContent(project.base)).toEqual(before);
  });
});
