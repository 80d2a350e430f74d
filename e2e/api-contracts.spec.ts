import { expect, test } from "@playwright/test";
import * as z from "zod/mini";
import type { $ZodType } from "zod/v4/core";
import { apiErrorBodySchema } from "../schemas/api/error";
import { autoLayoutResponseSchema, layoutResponseSchema } from "../schemas/api/layout";
import { importResultSchema, listResponseSchema, removeOkSchema, writeOkSchema } from "../schemas/api/org";
import { testFilesSchema } from "../schemas/api/plan";
import { routePreviewSchema } from "../schemas/api/preview";
import { promptSchema } from "../schemas/api/prompts";
import { embedListSchema } from "../schemas/embed";
import { validationResultSchema } from "../schemas/field-error";
import { ENTITY_KINDS } from "../schemas/kinds";
import { orgTestRunSchema } from "../schemas/org-test";
import { api, type RawResponse, specialist } from "./support";

// The client parses every answer with schemas/api/…; this holds the real server to them, so a route
// that changes what it answers fails here, not in a user's browser.

function expectShape(response: RawResponse, status: number, schema: $ZodType) {
  expect(response.status, response.text.slice(0, 300)).toBe(status);
  const parsed = z.safeParse(schema, response.json);
  expect(parsed.success ? [] : parsed.error.issues, response.text.slice(0, 300)).toEqual([]);
}

test("the org's lists, writes and refusals answer in the shapes the client parses", async () => {
  // A kind this generation's org lacks answers 404 with the one not-in-generation sentence.
  const { kinds } = (await api("GET", "/api/health")).json.construct as { kinds: string[] };
  for (const kind of [...ENTITY_KINDS, "skill"]) {
    const listed = await api("GET", `/api/org/${kind}`);
    if (kind === "skill" || kinds.includes(kind)) expectShape(listed, 200, listResponseSchema);
    else {
      expectShape(listed, 404, apiErrorBodySchema);
      expect(listed.json.error.code).toBe("not_in_generation");
    }
  }

  const created = await api("POST", "/api/org/specialist?scope=project", specialist("cx-e2e-contract"));
  expectShape(created, 201, writeOkSchema);
  const patched = await api(
    "PATCH",
    "/api/org/specialist/cx-e2e-contract?scope=project",
    { description: "The contract spec changed this specialist's description." },
    { "if-match": created.json.etag },
  );
  expectShape(patched, 200, writeOkSchema);
  // A stale version: 409 with the current record; an invalid patch: 422 with field problems.
  const stale = await api(
    "PATCH",
    "/api/org/specialist/cx-e2e-contract?scope=project",
    { description: "A write against the version before." },
    { "if-match": created.json.etag },
  );
  expectShape(stale, 409, apiErrorBodySchema);
  expect(stale.json.current.etag).toBe(patched.json.etag);
  const invalid = await api(
    "PATCH",
    "/api/org/specialist/cx-e2e-contract?scope=project",
    { modelTier: "no-such-tier" },
    { "if-match": patched.json.etag },
  );
  expectShape(invalid, 422, apiErrorBodySchema);
  expect(invalid.json.errors.length).toBeGreaterThan(0);
  expectShape(
    await api("DELETE", "/api/org/specialist/cx-e2e-contract?scope=project", undefined, {
      "if-match": patched.json.etag,
    }),
    200,
    removeOkSchema,
  );
});

test("validation, previews, import, layout, prompts, tests and embed answer in the shapes the client parses", async () => {
  expectShape(
    await api("POST", "/api/org/validate", { kind: "specialist", record: specialist("cx-e2e-draft") }),
    200,
    validationResultSchema,
  );
  expectShape(
    await api("POST", "/api/org/preview/route", { description: "review this pull request for security" }),
    200,
    routePreviewSchema,
  );
  const exported = await api("GET", "/api/org/export?scope=project");
  expect(exported.status).toBe(200);
  expectShape(await api("POST", "/api/org/import?scope=project&dryRun=1", exported.json), 200, importResultSchema);
  expectShape(await api("GET", "/api/layout"), 200, layoutResponseSchema);
  expectShape(await api("GET", "/api/graph/layout"), 200, autoLayoutResponseSchema);
  expectShape(await api("GET", "/api/prompts/cx-architect"), 200, promptSchema);
  expectShape(await api("GET", "/api/tests"), 200, testFilesSchema);
  expectShape(await api("POST", "/api/tests/run", {}), 200, orgTestRunSchema);
  expectShape(await api("GET", "/api/embed"), 200, embedListSchema);
});
