import { existsSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { api, expectFieldError, ROOT, specialist, unchangedOnDisk } from "./support";

const projectOrg = path.join(ROOT, ".cx", "org");

test.describe("org API over HTTP", () => {
  test("create, read with ETag, patch with If-Match, stale If-Match keeps the other change", async () => {
    const created = await api("POST", "/api/org/specialist", specialist("cx-e2e-writer"));
    expect(created.status).toBe(201);
    expect(created.json.path).toBe(".cx/org/specialists/cx-e2e-writer.json");
    const file = path.join(projectOrg, "specialists", "cx-e2e-writer.json");
    expect(JSON.parse(readFileSync(file, "utf8")).role).toBe("e2e-writer");

    const got = await api("GET", "/api/org/specialist/cx-e2e-writer");
    expect(got.status).toBe(200);
    const etag = got.headers.etag!;
    expect(etag).toMatch(/^"sha256:[0-9a-f]{64}"$/);

    const first = await api(
      "PATCH",
      "/api/org/specialist/cx-e2e-writer",
      { description: "First writer changed the description of this one." },
      { "if-match": etag },
    );
    expect(first.status).toBe(200);
    const stale = await api(
      "PATCH",
      "/api/org/specialist/cx-e2e-writer",
      { description: "Second writer, who read the old version, loses." },
      { "if-match": etag },
    );
    expect(stale.status).toBe(409);
    expect(stale.json.current.record.description).toBe("First writer changed the description of this one.");
    expect(JSON.parse(readFileSync(file, "utf8")).description).toBe(
      "First writer changed the description of this one.",
    );

    const missing = await api("PATCH", "/api/org/specialist/cx-e2e-writer", {
      description: "No If-Match header on this write at all.",
    });
    expect(missing.status).toBe(428);
  });

  test("an edit made outside the app shows up, and an ETag read before it is stale even with the same mtime", async () => {
    await api("POST", "/api/org/specialist", specialist("cx-e2e-outside"));
    const etag = (await api("GET", "/api/org/specialist/cx-e2e-outside")).headers.etag!;
    const file = path.join(projectOrg, "specialists", "cx-e2e-outside.json");
    const { atime, mtime } = statSync(file);
    const edited = {
      ...JSON.parse(readFileSync(file, "utf8")),
      description: "Edited in another editor while the studio was open.",
    };
    writeFileSync(file, `${JSON.stringify(edited, null, 2)}\n`);
    utimesSync(file, atime, mtime);
    await expect
      .poll(async () => (await api("GET", "/api/org/specialist/cx-e2e-outside")).json.record.description)
      .toBe(edited.description);
    const stale = await api(
      "PATCH",
      "/api/org/specialist/cx-e2e-outside",
      { description: "The studio's edit, based on the old version." },
      { "if-match": etag },
    );
    expect(stale.status).toBe(409);
    expect(JSON.parse(readFileSync(file, "utf8")).description).toBe(edited.description);
  });

  test("the graph and its automatic layout: one position per node, a new layout when a node joins", async () => {
    const graph = await api("GET", "/api/graph");
    const before = await api("GET", "/api/graph/layout");
    expect(before.status).toBe(200);
    const ids = (graph.json.nodes as { id: string }[]).map((n) => n.id);
    expect(Object.keys(before.json.positions).sort()).toEqual([...ids].sort());
    expect(before.json.structureKey.startsWith(ids.join("|"))).toBe(true);
    expect((await api("POST", "/api/org/specialist", specialist("cx-e2e-layout-joiner"))).status).toBe(201);
    await expect
      .poll(async () => (await api("GET", "/api/graph/layout")).json.positions["specialist:cx-e2e-layout-joiner"])
      .toEqual({ x: expect.any(Number), y: expect.any(Number) });
    expect((await api("GET", "/api/graph/layout")).json.structureKey).not.toBe(before.json.structureKey);
    expect(
      (
        await api("DELETE", "/api/org/specialist/cx-e2e-layout-joiner", undefined, {
          "if-match": (await api("GET", "/api/org/specialist/cx-e2e-layout-joiner")).headers.etag!,
        })
      ).status,
    ).toBe(200);
  });

  test("two simultaneous saves with the same If-Match: one wins, one gets 409", async () => {
    await api("POST", "/api/org/specialist", specialist("cx-e2e-race"));
    const etag = (await api("GET", "/api/org/specialist/cx-e2e-race")).headers.etag!;
    const results = await Promise.all(
      ["Writer A takes the description.", "Writer B takes the description."].map((d) =>
        api(
          "PATCH",
          "/api/org/specialist/cx-e2e-race",
          { description: `${d + " ".repeat(5)}padding text` },
          { "if-match": etag },
        ),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  test("validation failures are 422 FieldErrors and write nothing", async () => {
    const unchanged = unchangedOnDisk(ROOT);
    const bad = await api(
      "POST",
      "/api/org/specialist",
      specialist("cx-e2e-bad", { modelTier: "huge", description: "short" }),
    );
    expect(bad.status).toBe(422);
    const fields = bad.json.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(["modelTier", "description"]));
    unchanged();

    const check = await api("POST", "/api/org/validate", {
      kind: "specialist",
      record: specialist("cx-e2e-draft", { team: "no-such-team" }),
    });
    expect(check.status).toBe(200);
    expect(check.json.ok).toBe(false);
    expect(check.json.errors[0]).toMatchObject({
      id: "specialist-unknown-team",
      location: "#/specialists/cx-e2e-draft/team",
      field: "team",
    });
    unchanged();
  });

  for (const id of ["../x", "a/b", "%2e%2e", "CON", "con", "", "x".repeat(300)]) {
    test(`id ${JSON.stringify(id.slice(0, 12))} is a FieldError on id, and no file appears`, async () => {
      const unchanged = unchangedOnDisk(ROOT);
      const response = await api("POST", "/api/org/specialist", specialist(id));
      expectFieldError(response, 422, { field: "id", id: "invalid-id" }, "any");
      unchanged();
    });
  }

  test("a traversal id in the URL finds nothing and writes nothing", async () => {
    const unchanged = unchangedOnDisk(ROOT);
    for (const p of ["/api/org/specialist/..%2f..%2fetc%2fpasswd", "/api/org/specialist/%2e%2e"]) {
      expect([308, 404]).toContain((await api("GET", p)).status);
      const patched = await api("PATCH", p, { description: "x" }, { "if-match": '"x"' });
      expect(patched.status >= 200 && patched.status < 300).toBe(false);
    }
    unchanged();
  });

  test("builtin writes are 403 builtin-scope-readonly", async () => {
    const unchanged = unchangedOnDisk(ROOT);
    const create = await api("POST", "/api/org/specialist?scope=builtin", specialist("cx-e2e-builtin"));
    expectFieldError(create, 403, { id: "builtin-scope-readonly", field: "scope" });
    const etag = (await api("GET", "/api/org/team/quality-team")).headers.etag!;
    const patch = await api(
      "PATCH",
      "/api/org/team/quality-team?scope=builtin",
      { name: "Renamed" },
      { "if-match": etag },
    );
    expect(patch.status).toBe(403);
    const remove = await api("DELETE", "/api/org/team/quality-team", undefined, { "if-match": etag });
    expect(remove.status).toBe(403);
    unchanged();
  });

  test("removing a referenced specialist is 409 with one error per reference, unless forced", async () => {
    await api("POST", "/api/org/specialist", specialist("cx-e2e-target", { role: "e2e-target" }));
    await api(
      "POST",
      "/api/org/specialist",
      specialist("cx-e2e-caller", { role: "e2e-caller", handoffCandidates: ["e2e-target"] }),
    );
    await api("POST", "/api/org/contract", {
      id: "e2e-caller-to-target",
      producer: "cx-e2e-caller",
      consumer: "cx-e2e-target",
      input: { mustContain: ["goal"] },
    });
    const etag = (await api("GET", "/api/org/specialist/cx-e2e-target")).headers.etag!;
    const refused = await api("DELETE", "/api/org/specialist/cx-e2e-target", undefined, { "if-match": etag });
    expect(refused.status).toBe(409);
    const locations = refused.json.errors.map((e: { location: string }) => e.location).sort();
    expect(locations).toEqual([
      "#/contracts/e2e-caller-to-target/consumer",
      "#/specialists/cx-e2e-caller/handoffCandidates/0",
    ]);
    expect(existsSync(path.join(projectOrg, "specialists", "cx-e2e-target.json"))).toBe(true);
    const forced = await api("DELETE", "/api/org/specialist/cx-e2e-target?force=1", undefined, { "if-match": etag });
    expect(forced.status).toBe(200);
    expect(existsSync(path.join(projectOrg, "specialists", "cx-e2e-target.json"))).toBe(false);
    // The forced removal left a dangling contract; the org page would now show it as an error.
    const dangling = await api("GET", "/api/org/contract/e2e-caller-to-target");
    expect(dangling.json.errors).toContainEqual(expect.objectContaining({ id: "contract-unknown-consumer" }));
    expect(
      (await api("DELETE", "/api/org/contract/e2e-caller-to-target", undefined, { "if-match": dangling.headers.etag! }))
        .status,
    ).toBe(200);
  });

  test("previews: routing ranks with matched terms, fence narrows by team, actions name their rule", async () => {
    const route = await api("POST", "/api/org/preview/route", {
      description: "find the root cause of a flaky crash in production",
    });
    expect(route.status).toBe(200);
    expect(route.json.candidates[0].id).toBe("cx-debugger");
    expect(route.json.candidates[0].matchReason).toMatch(/matched/);

    const action = await api("POST", "/api/org/preview/action", {
      specialistId: "cx-engineer",
      action: "edit",
      target: "src/app.ts",
    });
    expect(action.status).toBe(200);
    expect(action.json).toMatchObject({ decision: "allowed", allowed: true });
    expect(action.json.rule).toMatch(/^allowedPaths\[\d+\]/);

    const push = await api("POST", "/api/org/preview/action", {
      specialistId: "cx-engineer",
      action: "bash",
      target: "git push origin main",
    });
    expect(push.json.allowed).toBe(false);

    const fence = await api("POST", "/api/org/preview/fence", {
      draftSpecialist: { fence: { allowedPaths: ["docs/**"], approvalRequired: ["commit", "deployment-timing"] } },
      teamId: "engineering-team",
    });
    expect(fence.json.approvalRequired).toEqual(["commit"]);
    expect(fence.json.deniedActions).toContain("deployment-timing:**");
  });

  test("access: what a task reaches through handoffs, each entry with its path; an unknown id is 404", async () => {
    const unchanged = unchangedOnDisk(ROOT);
    const reach = await api("GET", "/api/access/cx-reviewer");
    expect(reach.status).toBe(200);
    expect(reach.json).toMatchObject({ id: "cx-reviewer", kind: "specialist" });
    const texts = (reach.json.entries as { text: string }[]).map((e) => e.text);
    expect(texts).toContain("cx-reviewer → handoff → cx-engineer: edit src/**");
    expect(reach.json.edges).toContain("handoff:cx-reviewer:engineer:cx-engineer");
    const missing = await api("GET", "/api/access/nobody");
    expect(missing.status).toBe(404);
    expect(missing.json.error).toEqual({
      code: "not_found",
      message: 'no specialist or worker profile "nobody" in the org',
    });
    unchanged();
  });

  test("export and import of the project tier, with a dry run first", async () => {
    const exported = await api("GET", "/api/org/export?scope=project");
    expect(exported.status).toBe(200);
    expect(exported.json.scope).toBe("project");
    const payload = { ...exported.json, specialists: { "cx-e2e-imported": specialist("cx-e2e-imported") } };
    const unchanged = unchangedOnDisk(ROOT);
    const dry = await api("POST", "/api/org/import?scope=project&dryRun=1", payload);
    expect(dry.json.errors).toBeUndefined();
    expect(dry.status).toBe(200);
    expect(dry.json.files).toContainEqual({ path: ".cx/org/specialists/cx-e2e-imported.json", action: "create" });
    unchanged();
    const real = await api("POST", "/api/org/import?scope=project", payload);
    expect(real.status).toBe(200);
    expect(real.json.written).toContain(".cx/org/specialists/cx-e2e-imported.json");

    const broken = await api("POST", "/api/org/import?scope=project", {
      specialists: {
        "cx-e2e-imported-2": specialist("cx-e2e-imported-2"),
        "cx-e2e-imported-3": specialist("cx-e2e-imported-3", { team: "nope" }),
      },
    });
    expect(broken.status).toBe(422);
    expect(existsSync(path.join(projectOrg, "specialists", "cx-e2e-imported-2.json"))).toBe(false);
  });
});

// The request guard (Host, Origin, content type, fetch metadata, CORS, strict JSON, body limits) is
// held by the table in hostile.spec.ts, against a studio of its own, with a byte-for-byte disk check.
