import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { chromium, expect, test } from "@playwright/test";
import yazl from "yazl";
import { type Studio, startStudio } from "../test/support/processes";
import { APP_DIR } from "../test/support/temp-project";
import { snapshotContent } from "../test/support/tree";
import { type RawResponse, raw, specialist } from "./support";

/**
 * Hostile requests against a running studio of the current build:
 * one table of requests a web page, a rebinding DNS name or a crafted client could send, each with
 * the status it must get, no CORS header, no secret from outside the tiers in the answer, and the
 * project, the user home, the XDG packs and the files outside all byte-for-byte unchanged. Then a
 * real Chromium, told that evil.test is 127.0.0.1, loads an attacker's page that tries to call the API.
 */

const BASE = Number(process.env.E2E_PORT ?? 3100);
const PORT = BASE + 20;
/** A second studio on a project whose `.cx/org/specialists` folder is a symlink to outside. */
const LINKED_PORT = BASE + 21;
const ATTACKER_PORT = BASE + 29;
const OTHER_PORT = BASE + 28;
const SELF = `http://127.0.0.1:${PORT}`;
const SECRET = `TOP-SECRET-${randomBytes(6).toString("hex")}`;
const REQUEST_LOG = path.join(APP_DIR, "e2e", "request-log.cjs");

type Headers = Record<string, string | undefined>;
type Ctx = {
  engineerEtag: string;
  guardedEtag: string;
  linkedArchitectEtag: string;
  linkedPack: string;
  symlinkZip: string;
};
type Case = {
  name: string;
  method: string;
  path: string;
  headers?: Headers | ((ctx: Ctx) => Headers);
  body?: string | Buffer | ((ctx: Ctx) => string | Buffer);
  status: number;
  code?: string;
  /** Sent to the studio whose specialists folder is a symlink. */
  linked?: boolean;
  /** Give up waiting after this long (status 0: no answer). */
  timeoutMs?: number;
  check?: (response: RawResponse) => void;
};

const JSON_WRITE: Headers = { origin: SELF, "content-type": "application/json" };
const created = JSON.stringify(specialist("cx-hostile-new"));
const spec = (extra: Record<string, unknown> = {}) => JSON.stringify(specialist("cx-hostile-new", extra));
const patch = JSON.stringify({ description: "Overwritten by a hostile request; this text must never land on disk." });
const utf8 = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "utf8") : Buffer.from(p))));
const nested = (depth: number) => `{"id":"cx-hostile-new","fence":${"[".repeat(depth)}${"]".repeat(depth)}}`;
const manyKeys = (n: number, base: Record<string, unknown> = {}) => {
  const out: Record<string, unknown> = { ...base };
  for (let i = 0; i < n; i++) out[`k${i}`] = i;
  return JSON.stringify(out);
};
/** An import of about `bytes` bytes: specialists padded with a field of their own, the last one on a team that does not exist. */
const BULK_PAD = 100_000;
const bulkCount = (bytes: number) => Math.ceil(bytes / BULK_PAD);
const lastBulkId = (bytes: number) => `cx-bulk-${bulkCount(bytes) - 1}`;
function bulkImport(bytes: number): string {
  const specialists: Record<string, unknown> = {};
  for (let i = 0; i < bulkCount(bytes); i++)
    specialists[`cx-bulk-${i}`] = specialist(`cx-bulk-${i}`, { notes: "n".repeat(BULK_PAD) });
  (specialists[lastBulkId(bytes)] as Record<string, unknown>).team = "no-such-team";
  return JSON.stringify({ specialists });
}
const manyPositions = (n: number) => {
  const positions: Record<string, { x: number; y: number }> = {};
  for (let i = 0; i < n; i++) positions[`n${i}`] = { x: i, y: i };
  return JSON.stringify({ positions });
};

const CASES: Case[] = [
  // DNS rebinding: the page's name resolves to 127.0.0.1, but the Host header still names it.
  {
    name: "Host evil.example (no port)",
    method: "GET",
    path: "/api/org/specialist",
    headers: { host: "evil.example" },
    status: 403,
    code: "forbidden",
  },
  {
    name: "Host evil.example:<port>",
    method: "GET",
    path: "/api/org/specialist",
    headers: { host: `evil.example:${PORT}` },
    status: 403,
    code: "forbidden",
  },
  {
    name: "Host 127.0.0.1.evil.example:<port> (prefix trap)",
    method: "GET",
    path: "/api/org/specialist",
    headers: { host: `127.0.0.1.evil.example:${PORT}` },
    status: 403,
    code: "forbidden",
  },
  // A trailing-dot name is another origin to the browser; the allow-list is exact strings.
  {
    name: "Host localhost.:<port> (trailing dot)",
    method: "GET",
    path: "/api/org/specialist",
    headers: { host: `localhost.:${PORT}` },
    status: 403,
    code: "forbidden",
  },
  {
    name: "Host 127.0.0.1:<other port>",
    method: "GET",
    path: "/api/org/specialist",
    headers: { host: `127.0.0.1:${OTHER_PORT}` },
    status: 403,
    code: "forbidden",
  },
  {
    name: "Host [::1]:<other port>",
    method: "GET",
    path: "/api/org/specialist",
    headers: { host: `[::1]:${OTHER_PORT}` },
    status: 403,
    code: "forbidden",
  },
  {
    name: "Host 0.0.0.0:<port>",
    method: "GET",
    path: "/api/org/specialist",
    headers: { host: `0.0.0.0:${PORT}` },
    status: 403,
    code: "forbidden",
  },
  {
    name: "Host [::ffff:127.0.0.1]:<port>",
    method: "GET",
    path: "/api/org/specialist",
    headers: { host: `[::ffff:127.0.0.1]:${PORT}` },
    status: 403,
    code: "forbidden",
  },
  {
    name: "no Host header at all",
    method: "GET",
    path: "/api/org/specialist",
    headers: { host: undefined },
    status: 400,
  },
  {
    name: "rebinding write: foreign Host with its own Origin",
    method: "POST",
    path: "/api/org/specialist",
    headers: {
      host: `evil.example:${PORT}`,
      origin: `http://evil.example:${PORT}`,
      "content-type": "application/json",
    },
    body: created,
    status: 403,
    code: "forbidden",
  },
  {
    name: "X-Forwarded-Host does not launder a foreign Host",
    method: "GET",
    path: "/api/org/specialist",
    headers: { host: `evil.example:${PORT}`, "x-forwarded-host": `127.0.0.1:${PORT}` },
    status: 403,
    code: "forbidden",
  },

  // Origin on writes.
  {
    name: "write without Origin",
    method: "POST",
    path: "/api/org/specialist",
    headers: { "content-type": "application/json" },
    body: created,
    status: 403,
    code: "forbidden",
  },
  {
    name: "write with Origin null (sandboxed frame)",
    method: "POST",
    path: "/api/org/specialist",
    headers: { origin: "null", "content-type": "application/json" },
    body: created,
    status: 403,
    code: "forbidden",
  },
  {
    name: "write with a foreign Origin",
    method: "POST",
    path: "/api/org/specialist",
    headers: { origin: "http://evil.example", "content-type": "application/json" },
    body: created,
    status: 403,
    code: "forbidden",
  },
  {
    name: "write with Origin 127.0.0.1 on another port",
    method: "POST",
    path: "/api/org/specialist",
    headers: { origin: `http://127.0.0.1:${OTHER_PORT}`, "content-type": "application/json" },
    body: created,
    status: 403,
    code: "forbidden",
  },
  {
    name: "write with an Origin that only starts like ours",
    method: "PATCH",
    path: "/api/org/specialist/cx-guarded",
    headers: (c) => ({ origin: `${SELF}.evil.example`, "content-type": "application/json", "if-match": c.guardedEtag }),
    body: patch,
    status: 403,
    code: "forbidden",
  },
  {
    name: "read with a foreign Origin",
    method: "GET",
    path: "/api/org/specialist/cx-guarded",
    headers: { origin: "http://evil.example" },
    status: 403,
    code: "forbidden",
  },

  // Bodies a form or a no-cors fetch can send without a preflight.
  {
    name: "Content-Type text/plain",
    method: "POST",
    path: "/api/org/specialist",
    headers: { origin: SELF, "content-type": "text/plain" },
    body: created,
    status: 415,
    code: "unsupported_media_type",
  },
  {
    name: "Content-Type application/x-www-form-urlencoded",
    method: "POST",
    path: "/api/org/specialist",
    headers: { origin: SELF, "content-type": "application/x-www-form-urlencoded" },
    body: created,
    status: 415,
    code: "unsupported_media_type",
  },
  {
    name: "Content-Type multipart/form-data",
    method: "POST",
    path: "/api/org/specialist",
    headers: { origin: SELF, "content-type": "multipart/form-data; boundary=x" },
    body: `--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n${created}\r\n--x--\r\n`,
    status: 415,
    code: "unsupported_media_type",
  },
  {
    name: "Content-Type application/json-seq",
    method: "POST",
    path: "/api/org/specialist",
    headers: { origin: SELF, "content-type": "application/json-seq" },
    body: `\x1e${created}\n`,
    status: 415,
    code: "unsupported_media_type",
  },
  {
    name: "a PATCH body without any Content-Type",
    method: "PATCH",
    path: "/api/org/specialist/cx-guarded",
    headers: (c) => ({ origin: SELF, "if-match": c.guardedEtag }),
    body: patch,
    status: 415,
    code: "unsupported_media_type",
  },

  // Fetch metadata.
  {
    name: "Sec-Fetch-Site: cross-site write",
    method: "POST",
    path: "/api/org/specialist",
    headers: { ...JSON_WRITE, "sec-fetch-site": "cross-site" },
    body: created,
    status: 403,
    code: "forbidden",
  },
  {
    name: "Sec-Fetch-Site: same-site write (another localhost port)",
    method: "PATCH",
    path: "/api/org/specialist/cx-guarded",
    headers: (c) => ({ ...JSON_WRITE, "sec-fetch-site": "same-site", "if-match": c.guardedEtag }),
    body: patch,
    status: 403,
    code: "forbidden",
  },
  {
    name: "Sec-Fetch-Site: cross-site read (script inclusion)",
    method: "GET",
    path: "/api/org/export?scope=project",
    headers: { "sec-fetch-site": "cross-site", "sec-fetch-mode": "no-cors", "sec-fetch-dest": "script" },
    status: 403,
    code: "forbidden",
  },

  // CORS preflights are refused, and no answer in this table carries Access-Control-Allow-Origin.
  {
    name: "preflight from a foreign Origin",
    method: "OPTIONS",
    path: "/api/org/specialist",
    headers: {
      origin: "http://evil.example",
      "access-control-request-method": "POST",
      "access-control-request-headers": "content-type",
    },
    status: 403,
    code: "forbidden",
  },
  {
    name: "preflight from our own Origin",
    method: "OPTIONS",
    path: "/api/org/specialist/cx-guarded",
    headers: {
      origin: SELF,
      "access-control-request-method": "PATCH",
      "access-control-request-headers": "content-type, if-match",
    },
    status: 403,
    code: "forbidden",
  },
  {
    name: "preflight without Origin",
    method: "OPTIONS",
    path: "/api/org/specialist/cx-guarded",
    headers: { "access-control-request-method": "DELETE" },
    status: 403,
    code: "forbidden",
  },
  {
    name: "preflight for a pack install",
    method: "OPTIONS",
    path: "/api/packs/install",
    headers: {
      origin: "http://evil.example",
      "access-control-request-method": "POST",
      "access-control-request-private-network": "true",
    },
    status: 403,
    code: "forbidden",
  },

  // Traversal in URLs: decoded once, then an id, never a path.
  {
    name: "GET ..%2F..%2Fetc%2Fpasswd",
    method: "GET",
    path: "/api/org/specialist/..%2F..%2Fetc%2Fpasswd",
    status: 404,
    code: "not_found",
  },
  {
    name: "PATCH ..%2F..%2Fetc%2Fpasswd",
    method: "PATCH",
    path: "/api/org/specialist/..%2F..%2Fetc%2Fpasswd",
    headers: { ...JSON_WRITE, "if-match": '"x"' },
    body: patch,
    status: 422,
    code: "invalid",
  },
  {
    name: "PATCH with an encoded NUL in the id",
    method: "PATCH",
    path: "/api/org/specialist/cx-guarded%00.json",
    headers: { ...JSON_WRITE, "if-match": '"x"' },
    body: patch,
    status: 422,
    code: "invalid",
  },
  {
    name: "DELETE with backslashes in the id",
    method: "DELETE",
    path: "/api/org/specialist/..%5C..%5Cguarded",
    headers: { origin: SELF, "if-match": '"x"' },
    status: 422,
    code: "invalid",
  },
  {
    name: "PUT a prompt at ..%2F..%2Fescape",
    method: "PUT",
    path: "/api/prompts/..%2F..%2Fescape",
    headers: { ...JSON_WRITE, "if-match": "*" },
    body: JSON.stringify({ content: "---\nrole: escape\n---\n# x\n" }),
    status: 422,
    code: "invalid",
  },
  {
    name: "tick a capability at ..%2F..%2Fetc",
    method: "POST",
    path: "/api/embed/..%2F..%2Fetc/tick",
    headers: JSON_WRITE,
    body: "{}",
    status: 404,
    code: "not_found",
  },
  {
    name: "enable a pack at ..%2F..%2Fetc",
    method: "POST",
    path: "/api/packs/..%2F..%2Fetc/enable",
    headers: JSON_WRITE,
    body: "{}",
    status: 404,
    code: "not_found",
  },
  {
    name: "import into scope ../../etc",
    method: "POST",
    path: "/api/org/import?scope=..%2F..%2Fetc",
    headers: JSON_WRITE,
    body: JSON.stringify({ specialists: {} }),
    status: 400,
    code: "bad_request",
  },

  // Traversal in bodies.
  {
    name: "create with id ../../etc/passwd",
    method: "POST",
    path: "/api/org/specialist",
    headers: JSON_WRITE,
    body: JSON.stringify(specialist("../../etc/passwd")),
    status: 422,
    code: "invalid",
  },
  {
    name: "create with id ..\\..\\escape",
    method: "POST",
    path: "/api/org/specialist",
    headers: JSON_WRITE,
    body: JSON.stringify(specialist("..\\..\\escape")),
    status: 422,
    code: "invalid",
  },
  {
    name: "import keyed by ../../escape",
    method: "POST",
    path: "/api/org/import?scope=project",
    headers: JSON_WRITE,
    body: JSON.stringify({ specialists: { "../../escape": specialist("cx-hostile-new") } }),
    status: 422,
    code: "invalid",
  },
  {
    name: "import whose record id points elsewhere",
    method: "POST",
    path: "/api/org/import?scope=project",
    headers: JSON_WRITE,
    body: JSON.stringify({ specialists: { "cx-hostile-new": specialist("../cx-guarded") } }),
    status: 422,
    code: "invalid",
  },
  {
    name: "pack install into tier ../../tmp",
    method: "POST",
    path: "/api/packs/install",
    headers: JSON_WRITE,
    body: (c) => JSON.stringify({ tier: "../../tmp", path: c.linkedPack }),
    status: 400,
    code: "bad_request",
  },

  // Reserved and over-long ids.
  {
    name: "create id con",
    method: "POST",
    path: "/api/org/specialist",
    headers: JSON_WRITE,
    body: JSON.stringify(specialist("con")),
    status: 422,
    code: "invalid",
  },
  {
    name: "create id nul",
    method: "POST",
    path: "/api/org/specialist",
    headers: JSON_WRITE,
    body: JSON.stringify(specialist("nul")),
    status: 422,
    code: "invalid",
  },
  {
    name: "create id com1",
    method: "POST",
    path: "/api/org/specialist",
    headers: JSON_WRITE,
    body: JSON.stringify(specialist("com1")),
    status: 422,
    code: "invalid",
  },
  {
    name: "PATCH id lpt9 in the URL",
    method: "PATCH",
    path: "/api/org/team/lpt9",
    headers: { ...JSON_WRITE, "if-match": '"x"' },
    body: patch,
    status: 422,
    code: "invalid",
  },
  {
    name: "create an id of 65 characters",
    method: "POST",
    path: "/api/org/specialist",
    headers: JSON_WRITE,
    body: JSON.stringify(specialist("x".repeat(65))),
    status: 422,
    code: "invalid",
  },
  {
    name: "PATCH an id of 300 characters in the URL",
    method: "PATCH",
    path: `/api/org/specialist/${"y".repeat(300)}`,
    headers: { ...JSON_WRITE, "if-match": '"x"' },
    body: patch,
    status: 422,
    code: "invalid",
  },

  // Symlinks in tiers and packs: never read as org data, never written through.
  {
    name: "GET a project specialist file that links outside",
    method: "GET",
    path: "/api/org/specialist/cx-linked",
    status: 404,
    code: "not_found",
  },
  {
    name: "the list names the link as a problem and serves nothing from it",
    method: "GET",
    path: "/api/org/specialist",
    status: 200,
  },
  {
    name: "export of the project tier skips the link",
    method: "GET",
    path: "/api/org/export?scope=project",
    status: 200,
  },
  {
    name: "PATCH a built-in whose project override is a link",
    method: "PATCH",
    path: "/api/org/specialist/cx-engineer",
    headers: (c) => ({ ...JSON_WRITE, "if-match": c.engineerEtag }),
    body: patch,
    status: 409,
    code: "conflict",
  },
  {
    name: "create over a linked file",
    method: "POST",
    path: "/api/org/specialist",
    headers: JSON_WRITE,
    body: JSON.stringify(specialist("cx-linked")),
    status: 409,
    code: "conflict",
  },
  {
    name: "DELETE a linked override",
    method: "DELETE",
    path: "/api/org/specialist/cx-engineer?force=1",
    headers: (c) => ({ origin: SELF, "if-match": c.engineerEtag }),
    status: 409,
    code: "conflict",
  },
  {
    name: "GET a prompt whose project file links outside",
    method: "GET",
    path: "/api/prompts/cx-architect",
    status: 200,
  },
  {
    name: "PUT a prompt without If-Match",
    method: "PUT",
    path: "/api/prompts/cx-architect",
    headers: JSON_WRITE,
    body: JSON.stringify({ content: "---\nrole: architect\n---\n# Architect\n" }),
    status: 428,
    code: "precondition_required",
  },
  {
    name: "PUT a prompt whose project file links outside",
    method: "PUT",
    path: "/api/prompts/cx-architect",
    headers: { ...JSON_WRITE, "if-match": "*" },
    body: JSON.stringify({ content: "---\nrole: architect\n---\n# Architect\n\nWritten through a link.\n" }),
    status: 403,
    code: "forbidden",
  },
  {
    name: "symlinked specialists folder: its files are not org data",
    method: "GET",
    path: "/api/org/specialist/cx-outside",
    status: 404,
    code: "not_found",
    linked: true,
  },
  {
    name: "symlinked specialists folder: nothing created through it",
    method: "POST",
    path: "/api/org/specialist",
    headers: { origin: `http://127.0.0.1:${LINKED_PORT}`, "content-type": "application/json" },
    body: created,
    status: 403,
    code: "forbidden",
    linked: true,
  },
  {
    name: "symlinked specialists folder: no override written through it",
    method: "PATCH",
    path: "/api/org/specialist/cx-architect",
    headers: (c) => ({
      origin: `http://127.0.0.1:${LINKED_PORT}`,
      "content-type": "application/json",
      "if-match": c.linkedArchitectEtag,
    }),
    body: patch,
    status: 403,
    code: "forbidden",
    linked: true,
  },
  {
    name: "install a pack folder holding a symlink",
    method: "POST",
    path: "/api/packs/install",
    headers: JSON_WRITE,
    body: (c) => JSON.stringify({ tier: "project", path: c.linkedPack }),
    status: 422,
    code: "invalid",
  },
  {
    name: "install a zip holding a symlink entry",
    method: "POST",
    path: "/api/packs/install",
    headers: JSON_WRITE,
    body: (c) => JSON.stringify({ tier: "user", zipBase64: c.symlinkZip }),
    status: 422,
    code: "invalid",
  },
  {
    name: "enable a pack folder that is a symlink",
    method: "POST",
    path: "/api/packs/linked-folder-pack/enable",
    headers: JSON_WRITE,
    body: "{}",
    status: 404,
    code: "not_found",
  },
  {
    name: "enable a capability whose overlay is a symlink",
    method: "POST",
    path: "/api/embed/operations-triage/enable",
    headers: JSON_WRITE,
    body: "{}",
    status: 422,
    code: "invalid",
  },
  {
    name: "override a capability whose overlay is a symlink",
    method: "PATCH",
    path: "/api/embed/operations-triage",
    headers: { ...JSON_WRITE, "if-match": "*" },
    body: JSON.stringify({ set: { cadence: { every: "PT15M" } }, reset: [] }),
    status: 422,
    code: "invalid",
  },

  // Prototype keys, at the top and nested, plainly and escaped.
  {
    name: "__proto__ at the top",
    method: "POST",
    path: "/api/org/specialist",
    headers: JSON_WRITE,
    body: `{"__proto__":{"polluted":true},${created.slice(1)}`,
    status: 400,
    code: "bad_request",
  },
  {
    name: "constructor at the top",
    method: "POST",
    path: "/api/org/specialist",
    headers: JSON_WRITE,
    body: `{"constructor":{"prototype":{"polluted":true}},${created.slice(1)}`,
    status: 400,
    code: "bad_request",
  },
  {
    name: "prototype at the top of a patch",
    method: "PATCH",
    path: "/api/org/specialist/cx-guarded",
    headers: (c) => ({ ...JSON_WRITE, "if-match": c.guardedEtag }),
    body: '{"prototype":{"polluted":true}}',
    status: 400,
    code: "bad_request",
  },
  {
    name: "__proto__ nested in the fence",
    method: "POST",
    path: "/api/org/specialist",
    headers: JSON_WRITE,
    body: created.replace('"fence":{', '"fence":{"__proto__":{"polluted":true},'),
    status: 400,
    code: "bad_request",
  },
  {
    name: "constructor.prototype nested in an array of an import",
    method: "POST",
    path: "/api/org/import?scope=project",
    headers: JSON_WRITE,
    body: `{"specialists":{"cx-hostile-new":{"id":"cx-hostile-new","skills":[{"constructor":{"prototype":{"polluted":true}}}]}}}`,
    status: 400,
    code: "bad_request",
  },
  {
    name: "__proto__ spelled with a unicode escape",
    method: "PUT",
    path: "/api/layout",
    headers: JSON_WRITE,
    body: '{"positions":{"\\u005f_proto__":{"x":1,"y":2}}}',
    status: 400,
    code: "bad_request",
  },

  // Depth and size bombs.
  {
    name: "10,000 nested arrays",
    method: "POST",
    path: "/api/org/specialist",
    headers: JSON_WRITE,
    body: nested(10_000),
    status: 400,
    code: "bad_request",
  },
  {
    name: "a body over 1 MiB",
    method: "POST",
    path: "/api/org/specialist",
    headers: JSON_WRITE,
    body: spec({ notes: "x".repeat(1_100_000) }),
    status: 413,
    code: "payload_too_large",
  },
  {
    name: "a chunked body over 1 MiB with no Content-Length",
    method: "POST",
    path: "/api/org/specialist",
    headers: { ...JSON_WRITE, "transfer-encoding": "chunked" },
    body: spec({ notes: "x".repeat(1_100_000) }),
    status: 413,
    code: "payload_too_large",
  },
  // A lying Content-Length: the studio reads what it declares and no more, and never acts on less.
  {
    name: "a Content-Length shorter than the body, the rest a second request",
    method: "POST",
    path: "/api/org/specialist",
    headers: { ...JSON_WRITE, "content-length": "40", connection: "keep-alive" },
    body: `${created.slice(0, 40)}GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\n\r\n`,
    status: 400,
    code: "bad_request",
  },
  // Next's proxy adapter awaits the whole body before it sends the proxy's answer, so the early 413
  // cannot go out before the promised bytes: the request is left unanswered and nothing happens.
  {
    name: "a Content-Length longer than the body (no answer, nothing done)",
    method: "POST",
    path: "/api/org/specialist",
    headers: { ...JSON_WRITE, "content-length": "5000000" },
    body: created,
    status: 0,
    timeoutMs: 2_000,
  },
  {
    name: "an import of 21 MB, over its 20 MiB limit",
    method: "POST",
    path: "/api/org/import?scope=project",
    headers: JSON_WRITE,
    body: () => bulkImport(21_000_000),
    status: 413,
    code: "payload_too_large",
  },
  {
    name: "a chunked import of 21 MB with no Content-Length",
    method: "POST",
    path: "/api/org/import?scope=project",
    headers: { ...JSON_WRITE, "transfer-encoding": "chunked" },
    body: () => bulkImport(21_000_000),
    status: 413,
    code: "payload_too_large",
  },
  {
    name: "an import of 15 MB, under its limit, is read whole (its last record is refused)",
    method: "POST",
    path: "/api/org/import?scope=project",
    headers: JSON_WRITE,
    body: () => bulkImport(15_000_000),
    status: 422,
    code: "invalid",
    check: (r) =>
      expect(r.json.errors.map((e: { location: string }) => e.location)).toEqual([
        `#/specialists/${lastBulkId(15_000_000)}/team`,
      ]),
  },
  {
    name: "60,000 keys in one specialist (fits the body, not a file)",
    method: "POST",
    path: "/api/org/specialist",
    headers: JSON_WRITE,
    body: manyKeys(60_000, specialist("cx-hostile-new")),
    status: 413,
    code: "payload_too_large",
  },
  {
    name: "60,000 keys in a patch",
    method: "PATCH",
    path: "/api/org/specialist/cx-guarded",
    headers: (c) => ({ ...JSON_WRITE, "if-match": c.guardedEtag }),
    body: manyKeys(60_000),
    status: 413,
    code: "payload_too_large",
  },
  {
    name: "25,000 node positions in the layout",
    method: "PUT",
    path: "/api/layout",
    headers: JSON_WRITE,
    body: manyPositions(25_000),
    status: 413,
    code: "payload_too_large",
  },

  // Encodings and JSON that JSON.parse alone would take or repair.
  {
    name: "invalid UTF-8 bytes",
    method: "POST",
    path: "/api/org/specialist",
    headers: JSON_WRITE,
    body: utf8('{"id":"cx-hostile-new","description":"', [0xff, 0xfe, 0xc3, 0x28], '"}'),
    status: 400,
    code: "bad_request",
  },
  {
    name: "an overlong UTF-8 slash",
    method: "POST",
    path: "/api/org/specialist",
    headers: JSON_WRITE,
    body: utf8('{"id":"cx-hostile-new","description":"..', [0xc0, 0xaf], '.."}'),
    status: 400,
    code: "bad_request",
  },
  {
    name: "a lone surrogate escape",
    method: "PATCH",
    path: "/api/org/specialist/cx-guarded",
    headers: (c) => ({ ...JSON_WRITE, "if-match": c.guardedEtag }),
    body: '{"description":"a lone \\ud800 surrogate in an otherwise fine description"}',
    status: 400,
    code: "bad_request",
  },
  {
    name: "duplicate keys",
    method: "POST",
    path: "/api/org/specialist",
    headers: JSON_WRITE,
    body: `{"id":"cx-hostile-new",${created.slice(1)}`,
    status: 400,
    code: "bad_request",
  },
  {
    name: "duplicate keys, one escaped, nested",
    method: "PATCH",
    path: "/api/org/specialist/cx-guarded",
    headers: (c) => ({ ...JSON_WRITE, "if-match": c.guardedEtag }),
    body: '{"fence":{"allowedPaths":["docs/**"],"\\u0061llowedPaths":["**"]}}',
    status: 400,
    code: "bad_request",
  },
  {
    name: "a BOM before the body",
    method: "POST",
    path: "/api/org/specialist",
    headers: JSON_WRITE,
    body: `\ufeff${created}`,
    status: 400,
    code: "bad_request",
  },
  {
    name: "trailing garbage after the JSON",
    method: "POST",
    path: "/api/org/specialist",
    headers: JSON_WRITE,
    body: `${created}{"id":"cx-hostile-2"}`,
    status: 400,
    code: "bad_request",
  },
  {
    name: "not JSON at all",
    method: "POST",
    path: "/api/org/validate",
    headers: JSON_WRITE,
    body: "kind=specialist&record=x",
    status: 400,
    code: "bad_request",
  },
];

let studio: Studio;
let linkedStudio: Studio;
let ctx: Ctx;
let watched: string[] = [];
let base: string;
const results = { cases: 0, refused: 0 };

function snapshotAll(): Record<string, Record<string, string>> {
  return Object.fromEntries(watched.map((dir) => [dir, snapshotContent(dir)]));
}

async function checked(response: Promise<RawResponse>): Promise<RawResponse> {
  const r = await response;
  expect(r.status, r.text.slice(0, 300)).toBeLessThan(300);
  return r;
}

test.describe("hostile requests against a running studio", () => {
  test.describe.configure({ timeout: 120_000 });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    base = mkdtempSync(path.join(os.tmpdir(), "studio-hostile-"));
    const root = path.join(base, "project");
    const linkedRoot = path.join(base, "linked-project");
    const home = path.join(base, "home");
    const xdg = path.join(base, "xdg");
    const outside = path.join(base, "outside");
    const src = path.join(base, "sources");
    for (const dir of [root, linkedRoot, home, xdg, outside, src]) mkdirSync(dir, { recursive: true });

    // What lies outside every tier, and must never be served or written.
    const secretSpecialist = {
      ...specialist("cx-linked"),
      description: `${SECRET}: a specialist outside the project tier.`,
    };
    writeFileSync(path.join(outside, "linked.json"), `${JSON.stringify(secretSpecialist, null, 2)}\n`);
    writeFileSync(
      path.join(outside, "engineer.json"),
      `${JSON.stringify({ description: `${SECRET}: an override from outside.` }, null, 2)}\n`,
    );
    writeFileSync(
      path.join(outside, "overlay.json"),
      `${JSON.stringify({ id: "operations-triage", embed: { enabled: true } }, null, 2)}\n`,
    );
    writeFileSync(path.join(outside, "prompt.md"), `---\nrole: architect\n---\n# ${SECRET}\n`);
    mkdirSync(path.join(outside, "specialists"));
    writeFileSync(
      path.join(outside, "specialists", "cx-outside.json"),
      `${JSON.stringify({ ...specialist("cx-outside"), description: `${SECRET}: a folder outside.` }, null, 2)}\n`,
    );
    mkdirSync(path.join(outside, "folder-pack"));
    writeFileSync(
      path.join(outside, "folder-pack", "pack.manifest.json"),
      `${JSON.stringify({ id: "linked-folder-pack", version: "1.0.0", compatVersion: ">=0.1.0" }, null, 2)}\n`,
    );

    // The project: overrides, a specialist of its own, a layout, and links that point outside.
    const org = path.join(root, ".cx", "org");
    mkdirSync(path.join(org, "specialists"), { recursive: true });
    mkdirSync(path.join(org, "teams"), { recursive: true });
    writeFileSync(
      path.join(org, "specialists", "cx-architect.json"),
      `${JSON.stringify(
        { description: "Project override: the architect of this repository, who keeps its module boundaries honest." },
        null,
        2,
      )}\n`,
    );
    writeFileSync(
      path.join(org, "specialists", "cx-guarded.json"),
      `${JSON.stringify(specialist("cx-guarded"), null, 2)}\n`,
    );
    writeFileSync(
      path.join(org, "teams", "quality-team.json"),
      `${JSON.stringify({ name: "Quality (this project)" }, null, 2)}\n`,
    );
    symlinkSync(path.join(outside, "linked.json"), path.join(org, "specialists", "cx-linked.json"));
    symlinkSync(path.join(outside, "engineer.json"), path.join(org, "specialists", "cx-engineer.json"));
    mkdirSync(path.join(root, ".cx", "embed"));
    symlinkSync(path.join(outside, "overlay.json"), path.join(root, ".cx", "embed", "operations-triage.manifest.json"));
    mkdirSync(path.join(root, ".cx", "prompts"));
    symlinkSync(path.join(outside, "prompt.md"), path.join(root, ".cx", "prompts", "cx-architect.md"));
    mkdirSync(path.join(root, ".cx", "studio"));
    writeFileSync(
      path.join(root, ".cx", "studio", "layout.json"),
      `${JSON.stringify({ version: 1, positions: { "specialist:cx-architect": { x: 10, y: 20 } } }, null, 2)}\n`,
    );
    mkdirSync(path.join(root, ".cx", "packs"));
    symlinkSync(path.join(outside, "folder-pack"), path.join(root, ".cx", "packs", "linked-folder-pack"));

    // The user tier.
    mkdirSync(path.join(home, "org", "specialists"), { recursive: true });
    writeFileSync(
      path.join(home, "org", "specialists", "cx-reviewer.json"),
      JSON.stringify({ description: "User override: reviews with this user's habits in mind, every time." }, null, 2) +
        "\n",
    );

    // A second project whose whole specialists folder is a link to outside.
    mkdirSync(path.join(linkedRoot, ".cx", "org"), { recursive: true });
    symlinkSync(path.join(outside, "specialists"), path.join(linkedRoot, ".cx", "org", "specialists"));

    // Pack sources: a good one (installed below) and one holding a link.
    const goodPack = path.join(src, "guard-pack");
    mkdirSync(path.join(goodPack, "org", "specialists"), { recursive: true });
    writeFileSync(
      path.join(goodPack, "pack.manifest.json"),
      `${JSON.stringify(
        { id: "guard-pack", version: "1.0.0", compatVersion: ">=0.1.0", specialists: ["cx-pack-guard"] },
        null,
        2,
      )}\n`,
    );
    writeFileSync(
      path.join(goodPack, "org", "specialists", "cx-pack-guard.json"),
      `${JSON.stringify(specialist("cx-pack-guard"), null, 2)}\n`,
    );
    const linkedPack = path.join(src, "linked-pack");
    mkdirSync(path.join(linkedPack, "prompts"), { recursive: true });
    writeFileSync(
      path.join(linkedPack, "pack.manifest.json"),
      `${JSON.stringify(
        {
          id: "linked-pack",
          version: "1.0.0",
          compatVersion: ">=0.1.0",
          prompts: { "cx-architect": "prompts/architect.md" },
        },
        null,
        2,
      )}\n`,
    );
    symlinkSync(path.join(outside, "prompt.md"), path.join(linkedPack, "prompts", "architect.md"));
    const zip = new yazl.ZipFile();
    zip.addBuffer(
      Buffer.from(JSON.stringify({ id: "zip-link-pack", version: "1.0.0", compatVersion: ">=0.1.0" })),
      "pack.manifest.json",
    );
    zip.addBuffer(Buffer.from(path.join(outside, "prompt.md")), "prompts/link.md", { mode: 0o120777 });
    zip.end();
    const zipBytes = await new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      zip.outputStream.on("data", (c: Buffer) => chunks.push(c)).on("end", () => resolve(Buffer.concat(chunks)));
    });

    const env = { NODE_OPTIONS: `--require ${REQUEST_LOG}` };
    [studio, linkedStudio] = await Promise.all([
      startStudio({ port: PORT, root, home, xdg, env }),
      startStudio({ port: LINKED_PORT, root: linkedRoot, home, xdg }),
    ]);

    // Installed packs, one per tier, the project one enabled: more to protect.
    await checked(
      raw("POST", "/api/packs/install", {
        port: PORT,
        headers: JSON_WRITE,
        body: JSON.stringify({ tier: "project", path: goodPack }),
      }),
    );
    await checked(
      raw("POST", "/api/packs/install", {
        port: PORT,
        headers: JSON_WRITE,
        body: JSON.stringify({ tier: "user", path: goodPack }),
      }),
    );
    await checked(raw("POST", "/api/packs/guard-pack/enable", { port: PORT, headers: JSON_WRITE, body: "{}" }));

    const etag = async (port: number, p: string) => (await checked(raw("GET", p, { port }))).headers.etag as string;
    ctx = {
      engineerEtag: await etag(PORT, "/api/org/specialist/cx-engineer"),
      guardedEtag: await etag(PORT, "/api/org/specialist/cx-guarded"),
      linkedArchitectEtag: await etag(LINKED_PORT, "/api/org/specialist/cx-architect"),
      linkedPack,
      symlinkZip: zipBytes.toString("base64"),
    };
    watched = [root, linkedRoot, home, xdg, outside];
  });

  test.afterAll(async () => {
    await Promise.all([studio?.kill("SIGKILL"), linkedStudio?.kill("SIGKILL")]);
    console.log(
      `[hostile] ${results.cases} table cases run against the studio, ${results.refused} refused (4xx, or no answer to a lying Content-Length); disk compared byte for byte after each`,
    );
    if (base) rmSync(base, { recursive: true, force: true });
  });

  test("the table has at least 30 cases, each named once", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
    expect(new Set(CASES.map((c) => c.name)).size).toBe(CASES.length);
  });

  for (const c of CASES) {
    test(`${c.method} ${c.name} → ${c.status}`, async () => {
      const port = c.linked ? LINKED_PORT : PORT;
      const headers = typeof c.headers === "function" ? c.headers(ctx) : c.headers;
      const body = typeof c.body === "function" ? c.body(ctx) : c.body;
      const before = snapshotAll();
      const response = await raw(c.method, c.path, { port, headers, body, timeoutMs: c.timeoutMs });
      results.cases++;
      expect(response.status, response.text.slice(0, 400)).toBe(c.status);
      if (c.code) expect(response.json?.error?.code, response.text.slice(0, 400)).toBe(c.code);
      c.check?.(response);
      if (c.status >= 400 || c.status === 0) results.refused++;
      for (const name of Object.keys(response.headers))
        expect(name.startsWith("access-control-"), `${name}: ${response.headers[name]}`).toBe(false);
      expect(response.text).not.toContain(SECRET);
      expect(snapshotAll()).toEqual(before);

      // The studio still serves the org as it was, and nothing reached Object.prototype.
      const health = await raw("GET", "/api/org/specialist/cx-guarded", { port: PORT });
      expect(health.status).toBe(200);
      expect(health.headers.etag).toBe(ctx.guardedEtag);
      expect(health.json.record.polluted).toBeUndefined();
      expect(health.json.record.description).toBe(specialist("cx-guarded").description);
    });
  }

  test("what the symlink cases answer names the link and never its target", async () => {
    const list = await raw("GET", "/api/org/specialist", { port: PORT });
    expect(list.json.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: "file-symlink", path: ".cx/org/specialists/cx-linked.json" }),
        expect.objectContaining({ id: "file-symlink", path: ".cx/org/specialists/cx-engineer.json" }),
      ]),
    );
    expect(list.json.items.map((i: { id: string }) => i.id)).not.toContain("cx-linked");
    const engineer = list.json.items.find((i: { id: string }) => i.id === "cx-engineer");
    expect(engineer.scope).toBe("builtin");

    const linked = await raw("GET", "/api/org/specialist", { port: LINKED_PORT });
    expect(linked.json.items.map((i: { id: string }) => i.id)).not.toContain("cx-outside");
    expect(linked.json.errors).toContainEqual(
      expect.objectContaining({
        location: expect.stringMatching(/^#\/specialists/),
        message: expect.stringContaining("symbolic link"),
      }),
    );
    expect(linked.text).not.toContain(SECRET);

    const triage = await raw("GET", "/api/embed/operations-triage/status", { port: PORT });
    expect(triage.status).toBe(200);
    expect(triage.json.enabled).toBe(false);
    expect(triage.json.errors).toContainEqual(
      expect.objectContaining({ message: expect.stringContaining("symbolic link") }),
    );

    const prompt = await raw("GET", "/api/prompts/cx-architect", { port: PORT });
    expect(prompt.text).not.toContain(SECRET);
    expect(prompt.json.source).not.toBe("project");

    const packs = await raw("GET", "/api/packs", { port: PORT });
    expect(packs.json.packs.map((p: { id: string; tier: string }) => `${p.tier}:${p.id}`).sort()).toEqual([
      "project:guard-pack",
      "user:guard-pack",
    ]);
  });

  test("a page from a foreign name, resolved to 127.0.0.1 in a real Chromium, can neither read nor write the org", async () => {
    const attackerOrigin = `http://evil.test:${ATTACKER_PORT}`;
    const rebound = `http://evil.test:${PORT}`;
    const payload = JSON.stringify(specialist("cx-pwned"));
    const script = `
      const results = {};
      const body = ${JSON.stringify(payload)};
      async function attempt(name, url, init) {
        try {
          const r = await fetch(url, init);
          let text = null;
          try { text = await r.text(); } catch (e) { text = "unreadable: " + e; }
          results[name] = { type: r.type, status: r.status, text };
        } catch (e) {
          results[name] = { error: String(e) };
        }
      }
      (async () => {
        if (location.origin === ${JSON.stringify(rebound)}) {
          // The rebinding has happened: this page is now same-origin with the studio's port.
          await attempt("rebound-read", "/api/org/specialist", {});
          await attempt("rebound-write", "/api/org/specialist", { method: "POST", headers: { "content-type": "application/json" }, body });
          await attempt("rebound-export", "/api/org/export?scope=project", {});
        } else {
          await attempt("rebind-no-cors", ${JSON.stringify(rebound)} + "/api/org/specialist", { method: "POST", mode: "no-cors", headers: { "content-type": "application/json" }, body });
          await attempt("rebind-cors", ${JSON.stringify(rebound)} + "/api/org/specialist", { method: "POST", mode: "cors", headers: { "content-type": "application/json" }, body });
          await attempt("loopback-credentials", ${JSON.stringify(SELF)} + "/api/org/specialist", { method: "POST", mode: "cors", credentials: "include", headers: { "content-type": "application/json" }, body });
          await attempt("loopback-read", ${JSON.stringify(SELF)} + "/api/org/specialist/cx-guarded", { mode: "cors", credentials: "include" });
          await attempt("loopback-no-cors", ${JSON.stringify(SELF)} + "/api/org/specialist", { method: "POST", mode: "no-cors", credentials: "include", headers: { "content-type": "text/plain" }, body });
          // A form posting text/plain into a hidden frame: name + "=" + value is the JSON below.
          const frame = document.createElement("iframe");
          frame.name = "sink";
          frame.style.display = "none";
          await new Promise((resolve) => {
            frame.addEventListener("load", resolve, { once: true });
            document.body.append(frame);
          });
          await new Promise((resolve) => {
            const form = document.createElement("form");
            form.method = "POST";
            form.enctype = "text/plain";
            form.target = "sink";
            form.action = ${JSON.stringify(SELF)} + "/api/org/specialist";
            const input = document.createElement("input");
            input.name = body.slice(0, -1) + ',"pad":"';
            input.value = '"}';
            form.append(input);
            document.body.append(form);
            frame.addEventListener("load", () => {
              try {
                results["form-post"] = { read: frame.contentWindow.document.body.innerText };
              } catch (e) {
                results["form-post"] = { error: String(e) };
              }
              resolve();
            }, { once: true });
            form.submit();
          });
        }
        window.__results = results;
      })();
    `;
    const html = `<!doctype html><title>free stuff</title><body><script>${script}</script></body>`;
    const attacker = http.createServer((request, response) => {
      request.resume();
      response.writeHead(200, { "content-type": "text/html" }).end(html);
    });
    await new Promise<void>((resolve) => attacker.listen(ATTACKER_PORT, "127.0.0.1", resolve));
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        // A browser without Local Network Access checks (Firefox, Safari): the studio alone must hold.
        "--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests",
        "--host-resolver-rules=MAP evil.test 127.0.0.1",
      ],
    });
    try {
      const before = snapshotAll();
      const logStart = studio.output().length;
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${attackerOrigin}/`);
      const results = (await page
        .waitForFunction(() => (window as unknown as { __results?: unknown }).__results, undefined, { timeout: 30_000 })
        .then((h) => h.jsonValue())) as Record<
        string,
        { type?: string; status?: number; text?: string | null; error?: string; read?: string | null }
      >;

      // After the rebinding: the attacker's page (served by the attacker while evil.test still
      // pointed there) now talks to the studio's port under its own name.
      const rebindPage = await context.newPage();
      await rebindPage.route(`${rebound}/`, (route) =>
        route.fulfill({ status: 200, contentType: "text/html", body: html }),
      );
      await rebindPage.goto(`${rebound}/`);
      const reboundResults = (await rebindPage
        .waitForFunction(() => (window as unknown as { __results?: unknown }).__results, undefined, { timeout: 30_000 })
        .then((h) => h.jsonValue())) as Record<string, { status?: number; text?: string | null; error?: string }>;
      await context.close();

      // Nothing the pages got holds org data: CORS reads fail, no-cors answers are opaque, the frame is closed to them.
      expect(results["rebind-cors"].error).toMatch(/TypeError|Failed to fetch/);
      expect(results["loopback-credentials"].error).toMatch(/TypeError|Failed to fetch/);
      expect(results["loopback-read"].error).toMatch(/TypeError|Failed to fetch/);
      for (const name of ["rebind-no-cors", "loopback-no-cors"])
        expect(results[name]).toMatchObject({ type: "opaque", status: 0, text: "" });
      expect(results["form-post"].error).toMatch(/SecurityError|cross-origin/i);
      // Same-origin after rebinding, the page can read the answers: refusals, not the org.
      for (const name of ["rebound-read", "rebound-write", "rebound-export"]) {
        expect(reboundResults[name].status, JSON.stringify(reboundResults[name])).toBe(403);
        expect(JSON.parse(reboundResults[name].text!).error.code).toBe("forbidden");
      }
      const everything = JSON.stringify([results, reboundResults]);
      for (const leak of ["cx-guarded", "cx-architect", SECRET, "Project override"])
        expect(everything).not.toContain(leak);

      // What reached the studio, by its own count: every request from those pages was refused.
      await expect
        .poll(
          () =>
            studio
              .output()
              .slice(logStart)
              .split("\n")
              .filter((l) => l.startsWith("STUDIO_REQUEST ")).length,
          { timeout: 10_000 },
        )
        .toBeGreaterThanOrEqual(6);
      const reached = studio
        .output()
        .slice(logStart)
        .split("\n")
        .filter((l) => l.startsWith("STUDIO_REQUEST "))
        .map(
          (l) =>
            JSON.parse(l.slice("STUDIO_REQUEST ".length)) as {
              method: string;
              url: string;
              host: string;
              origin: string | null;
              site: string | null;
              status: number;
            },
        );
      const fromAttacker = reached.filter(
        (r) =>
          r.host.startsWith("evil.test") ||
          (r.origin ?? "").includes("evil.test") ||
          r.site === "cross-site" ||
          r.site === "same-site",
      );
      expect(fromAttacker.length, JSON.stringify(reached, null, 1)).toBe(reached.length);
      for (const r of fromAttacker) expect(r.status, JSON.stringify(r)).toBe(403);
      const seen = (method: string, pred: (r: (typeof reached)[number]) => boolean) =>
        reached.some((r) => r.method === method && pred(r));
      expect(
        seen("POST", (r) => r.host === `evil.test:${PORT}` && r.origin === attackerOrigin),
        "the no-cors rebinding POST reached the studio",
      ).toBe(true);
      expect(
        seen("OPTIONS", (r) => r.host === `127.0.0.1:${PORT}`),
        "the credentialed CORS preflight reached the studio",
      ).toBe(true);
      expect(
        seen("POST", (r) => r.host === `127.0.0.1:${PORT}` && r.origin === attackerOrigin),
        "the form post reached the studio",
      ).toBe(true);
      expect(
        seen("GET", (r) => r.host === `evil.test:${PORT}` && r.url === "/api/org/specialist"),
        "the rebound same-origin read reached the studio",
      ).toBe(true);
      expect(reached.filter((r) => r.status < 400)).toEqual([]);
      // Refusing them is all the studio did: no request left an error behind in the server.
      expect(studio.output().slice(logStart)).not.toMatch(/uncaughtException|unexpected error|Error: aborted/);
      console.log(
        `[hostile] browser: ${Object.keys(results).length + Object.keys(reboundResults).length} attempts from the attacker's pages, ${reached.length} requests reached the studio, all answered 403`,
      );

      expect(snapshotAll()).toEqual(before);
      expect(readFileSync(path.join(root(), ".cx", "org", "specialists", "cx-guarded.json"), "utf8")).toBe(
        `${JSON.stringify(specialist("cx-guarded"), null, 2)}\n`,
      );
    } finally {
      await browser.close();
      await new Promise<void>((resolve) => attacker.close(() => resolve()));
    }
  });
});

function root(): string {
  return path.join(base, "project");
}
