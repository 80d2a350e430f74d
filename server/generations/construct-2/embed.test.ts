import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { composeServices } from "@/server/compose";
import { construct, constructInit, installConstruct } from "@/test/support/construct-package";
import { runCli } from "@/test/support/processes";
import { type TempProject, tempProject, writeFiles } from "@/test/support/temp-project";
import { snapshotContent } from "@/test/support/tree";

// Embed capabilities in a Construct 2.1.1 project, with the real package from npm as the judge.

let project: TempProject;
const run = (args: string[]) => construct(args, { cwd: project.root, home: project.home });
const overrideOf = (id: string) => path.join(project.root, ".construct", "procedures", `${id}.manifest.json`);
// The services as every surface composes them: the project's generation picks its embed capabilities.
const studio = () => {
  process.env.CONSTRUCT_HOME = project.home;
  return composeServices({ root: project.root }).embed;
};
const statusLine = (id: string) => run(["embed", "status", id]).stdout.split("\n")[0];

beforeAll(() => {
  project = tempProject({ prefix: "cs-v2-embed-" });
  installConstruct(project.root);
  expect(constructInit(project.root, project.home).status).toBe(0);
}, 180_000);

afterAll(() => project?.remove());

describe("embed capabilities in a Construct 2.1.1 project", () => {
  it("lists the registry's procedures with an embed block, as `construct embed list` does", async () => {
    const listed = await studio().list();
    expect(listed.capabilities.map((c) => c.id)).toEqual([
      "operations",
      "operations-triage",
      "pm-feedback",
      "pm-repos",
    ]);
    expect(listed.capabilities.find((c) => c.id === "pm-feedback")).toMatchObject({
      specialist: "product-manager",
      enabled: false,
      errors: [],
      source: { tier: "builtin", path: expect.stringMatching(/registry\/procedures\/pm-feedback\.json$/) },
    });
    expect(listed.problems).toEqual([]);
  });

  it("shows a capability `construct embed enable` enabled as enabled, in the service and the CLI", async () => {
    expect(run(["embed", "enable", "pm-feedback"]).status).toBe(0);
    const view = await studio().status("pm-feedback");
    expect(view).toMatchObject({ enabled: true, overlay: { path: ".construct/procedures/pm-feedback.manifest.json" } });
    const cli = await runCli(["embed", "status", "pm-feedback", "--root", project.root], { cwd: project.base });
    expect(cli.code, cli.stderr).toBe(0);
    // Construct's loader reads its enable file as the project's procedure, which replaces the registry's.
    expect(cli.stdout.split("\n")[0]).toBe(
      "pm-feedback  enabled  project  .construct/procedures/pm-feedback.manifest.json",
    );
    expect(cli.stdout).toContain("worker profile product-manager; providers feedback, atlassian-confluence");
  });

  it("enables and disables writing the bytes `construct embed enable|disable` writes, so `construct embed status` agrees", async () => {
    const file = overrideOf("operations");
    expect(run(["embed", "enable", "operations"]).status).toBe(0);
    const byConstruct = readFileSync(file, "utf8");
    rmSync(file);
    const enabled = await studio().enable("operations");
    expect(enabled).toMatchObject({ ok: true, enabled: true, wasEnabled: false });
    expect(readFileSync(file, "utf8")).toBe(byConstruct);
    expect(statusLine("operations")).toBe("embed capability 'operations': enabled");

    // Enabling over an existing override: the loader's record of what it shadowed is kept, as Construct keeps it.
    await studio().enable("operations");
    const again = readFileSync(file, "utf8");
    writeFileSync(file, byConstruct);
    expect(run(["embed", "enable", "operations"]).status).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(again);

    expect(await studio().disable("operations")).toMatchObject({ enabled: false, wasEnabled: true });
    const disabled = readFileSync(file, "utf8");
    expect(statusLine("operations")).toBe("embed capability 'operations': available (not enabled)");
    writeFileSync(file, again);
    expect(run(["embed", "disable", "operations"]).status).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(disabled);
    expect((await studio().status("operations")).enabled).toBe(false);
  });

  it("dry-runs a capability as `construct embed dry-run --json` resolves it, executing and writing nothing", async () => {
    const before = snapshotContent(project.root);
    const envs: Record<string, string>[] = [
      {},
      { CONSTRUCT_MODEL_STANDARD: "stand-in-model" },
      { CONSTRUCT_EXTERNAL_AGENT_HOST: "h" },
    ];
    for (const env of envs) {
      const theirs = construct(["embed", "dry-run", "pm-repos", "--json"], {
        cwd: project.root,
        home: project.home,
        env,
      });
      expect(theirs.status, theirs.stderr).toBe(0);
      const chain = JSON.parse(theirs.stdout).chain;
      const saved = { ...process.env };
      Object.assign(process.env, env);
      const plan = await studio().dryRun("pm-repos");
      process.env = saved;
      expect(plan).toMatchObject({ id: "pm-repos", ok: true, executes: false });
      expect({
        workerProfileId: plan.chain.specialist.id,
        providerBindings: plan.chain.providerBindings.map((b) => b.id),
        filter: plan.chain.filter,
        framework: plan.chain.framework.id,
        outputContract: plan.chain.outputContract.id,
        proposalAuthority: plan.chain.proposalAuthority,
        cadence: plan.chain.cadence ? { every: plan.chain.cadence.every } : null,
        runtime: {
          declared: plan.chain.runtime.declared,
          resolved: plan.chain.runtime.resolved,
          // Construct names the code `reason`; the studio names every why's code `code`.
          ...(plan.chain.runtime.code ? { reason: plan.chain.runtime.code } : {}),
        },
      }).toEqual(chain);
      // The worker profile's prompt is found where Construct finds it.
      expect(plan.chain.specialist.prompt).toMatchObject({ source: "builtin" });
    }
    expect(snapshotContent(project.root)).toEqual(before);
  });

  it("disabling a capability never enabled writes nothing", async () => {
    const before = snapshotContent(project.root);
    expect(await studio().disable("pm-repos")).toMatchObject({ wasEnabled: false, path: null });
    expect(snapshotContent(project.root)).toEqual(before);
  });

  it("refuses a capability whose worker profile Construct does not know, as Construct does, writing nothing", async () => {
    writeFiles(project.root, {
      ".construct/procedures/ghost-watch.json": {
        id: "ghost-watch",
        version: "1.0.0",
        type: "embed",
        workerProfiles: [],
        approvalMode: "proposal-only",
        modelTier: "standard",
        state: "active",
        embed: {
          workerProfileId: "nobody",
          providerBindings: ["slack"],
          framework: "operations-dependency-sequencing",
          outputContract: "operations-tpm-briefing",
          proposalAuthority: "propose-only",
          runtime: "auto",
        },
      },
    });
    const view = await studio().status("ghost-watch");
    expect(view.errors.map((e) => e.message)).toEqual([
      "embed.workerProfileId: unknown Worker Profile 'nobody' (Construct resolves it against its registry's worker profiles)",
    ]);
    const before = snapshotContent(project.root);
    await expect(studio().enable("ghost-watch")).rejects.toThrow(
      "embed capability 'ghost-watch' is not valid, so Construct does not list it and it cannot be enabled",
    );
    expect(snapshotContent(project.root)).toEqual(before);
    expect(run(["embed", "enable", "ghost-watch"]).status).toBe(1);
    expect(snapshotContent(project.root)).toEqual(before);
    rmSync(path.join(project.root, ".construct", "procedures", "ghost-watch.json"));
  });

  it("refuses to toggle over an override file it cannot read, leaving it as it is", async () => {
    writeFileSync(overrideOf("pm-repos"), "{ not json");
    const before = snapshotContent(project.root);
    await expect(studio().disable("pm-repos")).rejects.toThrow(".construct/procedures/pm-repos.manifest.json");
    await expect(studio().enable("pm-repos")).rejects.toThrow("fix or remove it first");
    expect(snapshotContent(project.root)).toEqual(before);
    rmSync(overrideOf("pm-repos"));
  });
});
