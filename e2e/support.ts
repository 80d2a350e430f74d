import http from "node:http";
import { expect, test } from "@playwright/test";
import { type Studio, startStudio } from "../test/support/processes";
import { type FileContent, type TempProject, tempProject } from "../test/support/temp-project";
import { contentsOf } from "../test/support/tree";

export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const ORIGIN = `http://127.0.0.1:${PORT}`;
export const ROOT = process.env.E2E_ROOT!;

// biome-ignore lint/suspicious/noExplicitAny: the specs read many response shapes, each asserting its own fields.
export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; text: string; json: any };

/**
 * One HTTP request with exactly the headers given (browsers' and Playwright's clients add or
 * normalise Host, Origin and Content-Type, which is what these tests need to control).
 */
export function raw(
  method: string,
  pathname: string,
  options: {
    headers?: Record<string, string | undefined>;
    body?: string | Buffer;
    port?: number;
    timeoutMs?: number;
  } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const port = options.port ?? PORT;
    // A header given as undefined is left out (a request without Host); a given Content-Length or
    // chunked Transfer-Encoding is sent as is, even when it lies about the body.
    const given = { host: `127.0.0.1:${port}`, ...options.headers };
    const headers = Object.fromEntries(Object.entries(given).filter((e): e is [string, string] => e[1] !== undefined));
    const framed = Object.keys(headers).some(
      (k) => k.toLowerCase() === "content-length" || k.toLowerCase() === "transfer-encoding",
    );
    if (options.body !== undefined && !framed) headers["content-length"] = String(Buffer.byteLength(options.body));
    // A connection of its own: a pooled one could carry an answer meant for the request before.
    const request = http.request(
      { host: "127.0.0.1", port, method, path: pathname, headers, setHost: false, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (c) => chunks.push(c));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json: unknown = null;
          try {
            json = JSON.parse(text);
          } catch {
            json = null;
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json });
        });
      },
    );
    request.on("error", reject);
    // No answer in time is an answer too (status 0): the request is abandoned and its socket closed.
    if (options.timeoutMs !== undefined) {
      request.setTimeout(options.timeoutMs, () => {
        resolve({ status: 0, headers: {}, text: "", json: null });
        request.destroy();
      });
    }
    if (options.body !== undefined) request.write(options.body);
    request.end();
  });
}

/** A same-origin JSON request, as the studio's own page sends it. */
export function api(
  method: string,
  pathname: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  return raw(method, pathname, {
    headers: { origin: ORIGIN, "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export type Api = typeof api;

/** `api` for another studio server (one started with `startStudio`) on `port`. */
export function apiAt(port: number): Api {
  const origin = `http://127.0.0.1:${port}`;
  return (method, pathname, body?, headers = {}) =>
    raw(method, pathname, {
      port,
      headers: { origin, "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

/**
 * Ports for the servers a spec starts itself (fault, concurrency runs): `E2E_PORT + 10 + n`,
 * n from 0 to 9, so they never meet the shared servers on E2E_PORT … E2E_PORT + 2.
 */
export function extraPort(n: number): number {
  if (!Number.isInteger(n) || n < 0 || n > 9) throw new Error(`extra port index ${n} is outside 0…9`);
  return PORT + 10 + n;
}

/**
 * A refusal with FieldErrors: the status (the body shows when it differs) and a field error that
 * matches, the first one or, with `"any"`, any of them.
 */
export function expectFieldError(
  response: RawResponse,
  status: number,
  match: Record<string, unknown>,
  which: "first" | "any" = "first",
) {
  expect(response.status, response.text.slice(0, 400)).toBe(status);
  if (which === "first") expect(response.json.errors[0]).toMatchObject(match);
  else expect(response.json.errors).toContainEqual(expect.objectContaining(match));
}

/** A refusal with one HTTP error (`{ error: { code, message } }`) that matches. */
export function expectHttpError(response: RawResponse, status: number, match: { code?: unknown; message?: unknown }) {
  expect(response.status, response.text.slice(0, 400)).toBe(status);
  expect(response.json.error).toMatchObject(match);
}

/** Takes the files under `dir` by content; the check it returns asserts that none changed since. */
export function unchangedOnDisk(dir: string, opts: { exclude?: (rel: string) => boolean } = {}): () => void {
  const before = contentsOf(dir, opts);
  return () => expect(contentsOf(dir, opts)).toEqual(before);
}

/**
 * A studio of its own on a fresh project, for the specs of one file or describe block: the project
 * is made and the server started before them, both thrown away after. `setup` fills the project
 * before the server first reads it; `start` starts the server again after a test stopped it.
 */
export function studioOfItsOwn(opts: {
  prefix: string;
  port: number;
  files?: Record<string, FileContent>;
  dirs?: string[];
  setup?: (root: string) => void;
  env?: Record<string, string>;
}) {
  let project: TempProject | undefined;
  let studio: Studio | undefined;
  const start = async () => {
    const { root, home, xdg } = project!;
    studio = await startStudio({ port: opts.port, root, home, xdg, env: opts.env });
    return studio;
  };
  test.beforeAll(async () => {
    project = tempProject({ prefix: opts.prefix, files: opts.files, dirs: opts.dirs, home: "inside" });
    opts.setup?.(project.root);
    await start();
  });
  test.afterAll(async () => {
    await studio?.kill();
    project?.remove();
  });
  return {
    get root() {
      return project!.root;
    },
    get studio() {
      return studio!;
    },
    start,
  };
}

export function specialist(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    name: id.replace(/^cx-/, ""),
    role: id.replace(/^cx-/, ""),
    description: "A specialist created by the end-to-end tests for this run.",
    modelTier: "standard",
    skills: ["architecture/api-design"],
    fence: { allowedPaths: ["docs/**"] },
    team: "engineering-team",
    ...extra,
  };
}
