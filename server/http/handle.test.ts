import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { PROMPT_FAILURES, type PromptFailure } from "@/lib/packs/failure-matrix";
import { proxy } from "@/proxy";
import { AppError, type AppErrorCode } from "../errors";
import { errorResponse, STATUS } from "./error-response";
import { guardRequest } from "./guards";
import { handle, jsonResponse, parseWith } from "./handle";
import { promptError } from "./prompt-error";

/** The one error path: a thrown AppError, through handle() or the proxy's guard, becomes one status and one body. */

const request = (url = "http://127.0.0.1:3000/api/x", init: RequestInit = {}) => new Request(url, init);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("handle()", () => {
  it("turns each AppError code into its status, with the code, the message, the FieldErrors and the current version", async () => {
    const field = { id: "x-bad", severity: "error" as const, message: "bad", location: "#/specialists/x" };
    for (const code of Object.keys(STATUS) as AppErrorCode[]) {
      const route = handle(async () => {
        throw new AppError(code, `refused: ${code}`, [field], { record: { id: "x" }, etag: '"v1"' });
      });
      const response = await route(request(), {});
      expect(response.status, code).toBe(STATUS[code]);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("etag"), "the current version's etag").toBe('"v1"');
      expect(await response.json()).toEqual({
        error: { code, message: `refused: ${code}` },
        errors: [field],
        current: { record: { id: "x" }, etag: '"v1"' },
      });
    }
  });

  it("leaves out empty FieldErrors and an absent current version", async () => {
    const response = await handle(async () => {
      throw new AppError("not_found", 'specialist "x" does not exist', []);
    })(request(), {});
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "not_found", message: 'specialist "x" does not exist' } });
  });

  it("answers anything else with a 500 that carries no internals, and logs it", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await handle(async () => {
      throw new Error("secret path /home/someone/.cx");
    })(request(), {});
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain("secret");
    expect(JSON.parse(text).error.code).toBe("io");
    expect(log).toHaveBeenCalledOnce();
  });

  it("jsonResponse: the body as is, the status, no-store and the headers given", async () => {
    const response = jsonResponse({ ok: true, etag: '"v2"' }, 201, { ETag: '"v2"' });
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("etag")).toBe('"v2"');
    expect(await response.json()).toEqual({ ok: true, etag: '"v2"' });
  });
});

describe("the request guard answers with the same builder", () => {
  it("a foreign Host: the proxy's 403 is errorResponse's body", async () => {
    const response = proxy(
      new NextRequest("http://evil.test:3000/api/org/specialist", { headers: { host: "evil.test:3000" } }),
    );
    expect(response.status).toBe(403);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = await response.json();
    expect(body).toEqual({ error: { code: "forbidden", message: expect.stringContaining('host "evil.test:3000"') } });
  });

  it("a write without Origin through the proxy: 403 forbidden; a form post: 415", async () => {
    const headers = { host: "127.0.0.1:3000" };
    const noOrigin = proxy(new NextRequest("http://127.0.0.1:3000/api/org/specialist", { method: "POST", headers }));
    expect(noOrigin.status).toBe(403);
    const form = proxy(
      new NextRequest("http://127.0.0.1:3000/api/org/specialist", {
        method: "POST",
        headers: { ...headers, origin: "http://127.0.0.1:3000", "content-type": "application/x-www-form-urlencoded" },
        body: "a=1",
      }),
    );
    expect(form.status).toBe(415);
    expect((await form.json()).error.code).toBe("unsupported_media_type");
  });

  it("a missing launch token is 401 unauthorized, through the same table", async () => {
    const verdict = guardRequest(
      { method: "GET", url: "http://127.0.0.1:3000/", headers: new Headers({ host: "127.0.0.1:3000" }) },
      { port: 3000, token: "s3cret" },
    );
    expect(verdict).toMatchObject({ ok: false, code: "unauthorized" });
    if (!verdict.ok) expect(errorResponse(verdict.code, verdict.message).status).toBe(401);
  });
});

describe("parseWith()", () => {
  it("locates a body problem with an RFC 6901 pointer: a key holding `/` or `~` is escaped", () => {
    const schema = z.object({ records: z.record(z.string(), z.object({ n: z.number() })) });
    const error = (() => {
      try {
        parseWith(schema, { records: { "a/b~c": { n: "x" } } });
      } catch (e) {
        return e as AppError;
      }
      return null;
    })();
    expect(error?.code).toBe("bad_request");
    expect(error?.errors).toEqual([
      expect.objectContaining({ id: "invalid-body", location: "#/body/records/a~1b~0c/n", field: "n" }),
    ]);
  });
});

describe("prompt failures", () => {
  const failure = (scenario: PromptFailure) => ({
    ok: false as const,
    specialistId: "cx-x",
    scenario,
    mode: "team" as const,
    message: `${scenario} (team mode: hard failure)`,
    pack: null,
    file: null,
  });

  it("a prompt that is not there is 404, one that cannot be used is 422, the message kept", () => {
    const codes = Object.fromEntries(
      (Object.keys(PROMPT_FAILURES) as PromptFailure[]).map((s) => [s, STATUS[promptError(failure(s)).code]]),
    );
    expect(codes).toEqual({
      "pack-prompt-missing": 404,
      "optional-prompt-missing": 404,
      "builtin-prompt-missing": 404,
      "pack-prompt-malformed": 422,
      "project-prompt-malformed": 422,
      "pack-not-loaded": 422,
    });
    expect(promptError(failure("pack-not-loaded")).message).toBe("pack-not-loaded (team mode: hard failure)");
  });
});

describe("routes", () => {
  const root = fileURLToPath(new URL("../../app/api", import.meta.url));
  const routes = (readdirSync(root, { recursive: true }) as string[]).filter((f) => path.basename(f) === "route.ts");

  it("no route handler turns a failure into a status itself: they throw, and handle() answers", () => {
    expect(routes.length).toBeGreaterThan(10);
    const offenders = routes.filter((file) =>
      /errorResponse|respond\(|status:\s*[45]\d\d|ok:\s*false/.test(readFileSync(path.join(root, file), "utf8")),
    );
    expect(offenders).toEqual([]);
  });
});
