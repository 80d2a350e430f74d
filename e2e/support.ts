import { createHash } from "node:crypto";
import { lstatSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import http from "node:http";
import path from "node:path";

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
 * Every entry under a directory by content: a file as the sha256 of its bytes, a symlink as its
 * target, a directory as such (so an empty folder created by a refused request shows). Two equal
 * snapshots mean byte-for-byte the same tree, whatever the mtimes say.
 */
export function snapshotContent(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    let entries: string[];
    try {
      entries = readdirSync(d);
    } catch {
      return;
    }
    for (const name of entries) {
      const full = path.join(d, name);
      const rel = path.relative(dir, full);
      const stat = lstatSync(full);
      if (stat.isSymbolicLink()) out[rel] = `link:${readlinkSync(full)}`;
      else if (stat.isDirectory()) {
        out[`${rel}/`] = "dir";
        walk(full);
      } else out[rel] = `sha256:${createHash("sha256").update(readFileSync(full)).digest("hex")}`;
    }
  };
  walk(dir);
  return out;
}

/**
 * Every file under a directory by its bytes (`snapshotContent` without the folders): "intact"
 * means the same bytes, which an equal size and mtime do not prove.
 */
export function contentsOf(dir: string, opts: { exclude?: (rel: string) => boolean } = {}): Record<string, string> {
  return Object.fromEntries(
    Object.entries(snapshotContent(dir)).filter(([rel, v]) => v !== "dir" && !opts.exclude?.(rel)),
  );
}

/** What an interrupted or refused write could leave behind: temp files, staging folders, locks and their temps. */
export function leftovers(dir: string): string[] {
  const found: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = path.join(d, name);
      if (/\.studio-tmp$|^\.txn-|^\.studio\.lock/.test(name)) found.push(path.relative(dir, full));
      if (lstatSync(full).isDirectory()) walk(full);
    }
  };
  walk(dir);
  return found;
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
