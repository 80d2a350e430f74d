import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as item from "@/app/api/org/[kind]/[id]/route";
import * as collection from "@/app/api/org/[kind]/route";
import * as prompt from "@/app/api/prompts/[id]/route";
import { constructInit, installConstruct } from "@/test/support/construct-package";
import { type TempProject, tempProject } from "@/test/support/temp-project";
import { treeOf } from "@/test/support/tree";

/** The HTTP kind `worker-profile` through the route handlers themselves, on a project Construct 2.1.1 prepared. */

let project: TempProject;
const saved: Record<string, string | undefined> = {};
const holder = globalThis as { __constructStudio?: { close: () => void } };
const base = "http://127.0.0.1/api";
const json = (body: unknown) => JSON.stringify(body);
const JSON_TYPE = { "Content-Type": "application/json" };
const kindOf = (kind: string) => ({ params: Promise.resolve({ kind }) });
const itemOf = (kind: string, id: string) => ({ params: Promise.resolve({ kind, id }) });

beforeAll(() => {
  project = tempProject({ prefix: "cs-wp-http-" });
  installConstruct(project.root);
  expect(constructInit(project.root, project.home).status).toBe(0);
  for (const key of ["CONSTRUCT_ROOT", "CONSTRUCT_HOME"]) saved[key] = process.env[key];
  process.env.CONSTRUCT_ROOT = project.root;
  process.env.CONSTRUCT_HOME = path.join(project.home, ".construct");
  holder.__constructStudio?.close();
  delete holder.__constructStudio;
}, 180_000);

afterAll(() => {
  holder.__constructStudio?.close();
  delete holder.__constructStudio;
  for (const [key, value] of Object.entries(saved))
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  project?.remove();
});

describe("/api/org/worker-profile", () => {
  it("creates, reads, patches with If-Match and deletes a worker profile", async () => {
    const record = {
      id: "http-bot",
      description: "Answers questions over HTTP for the tests",
      skills: ["development/typescript"],
      fence: { allowedPaths: ["src/**"] },
    };
    const created = await collection.POST(
      new Request(`${base}/org/worker-profile`, { method: "POST", headers: JSON_TYPE, body: json(record) }),
      kindOf("worker-profile"),
    );
    expect(created.status).toBe(201);
    const listed = await (
      await collection.GET(new Request(`${base}/org/worker-profiles`), kindOf("worker-profiles"))
    ).json();
    expect(listed.items.map((i: { id: string }) => i.id)).toContain("http-bot");
    const got = await item.GET(
      new Request(`${base}/org/worker-profile/http-bot`),
      itemOf("worker-profile", "http-bot"),
    );
    const etag = got.headers.get("ETag") ?? "";
    const patched = await item.PATCH(
      new Request(`${base}/org/worker-profile/http-bot`, {
        method: "PATCH",
        headers: { ...JSON_TYPE, "If-Match": etag },
        body: json({ modelTier: "fast" }),
      }),
      itemOf("worker-profile", "http-bot"),
    );
    expect(patched.status).toBe(200);
    const file = path.join(project.root, ".construct/org/worker-profiles/http-bot.json");
    expect(JSON.parse(readFileSync(file, "utf8")).modelTier).toBe("fast");
    const stale = await item.PATCH(
      new Request(`${base}/org/worker-profile/http-bot`, {
        method: "PATCH",
        headers: { ...JSON_TYPE, "If-Match": etag },
        body: json({ modelTier: "reasoning" }),
      }),
      itemOf("worker-profile", "http-bot"),
    );
    expect(stale.status).toBe(409);
    expect((await stale.json()).current.record.modelTier).toBe("fast");
    const promptRead = await prompt.GET(new Request(`${base}/prompts/http-bot`), {
      params: Promise.resolve({ id: "http-bot" }),
    });
    expect(await promptRead.json()).toMatchObject({ source: "project", path: ".construct/org/prompts/http-bot.md" });
    const current =
      (
        await item.GET(new Request(`${base}/org/worker-profile/http-bot`), itemOf("worker-profile", "http-bot"))
      ).headers.get("ETag") ?? "";
    const removed = await item.DELETE(
      new Request(`${base}/org/worker-profile/http-bot`, { method: "DELETE", headers: { "If-Match": current } }),
      itemOf("worker-profile", "http-bot"),
    );
    expect(await removed.json()).toMatchObject({ ok: true, prompt: { action: "kept" } });
  });

  it("refuses a procedure and a specialist with the reason, writing nothing", async () => {
    const before = await treeOf(project.base);
    const procedure = await collection.POST(
      new Request(`${base}/org/procedures`, { method: "POST", headers: JSON_TYPE, body: json({ id: "mine" }) }),
      kindOf("procedures"),
    );
    expect(procedure.status).toBe(403);
    expect((await procedure.json()).error.message).toContain(
      "Construct 2.x keeps procedures only in its package's registry",
    );
    const specialist = await collection.POST(
      new Request(`${base}/org/specialist`, { method: "POST", headers: JSON_TYPE, body: json({ id: "old-style" }) }),
      kindOf("specialist"),
    );
    expect(specialist.status).toBe(404);
    expect((await specialist.json()).error).toEqual({
      code: "not_in_generation",
      message: expect.stringContaining("specialists do not exist in Construct 2.x"),
    });
    expect(await treeOf(project.base)).toEqual(before);
  });
});
