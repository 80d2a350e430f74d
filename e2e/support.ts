import http from "node:http";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const ORIGIN = `http://127.0.0.1:${PORT}`;
export const ROOT = process.env.E2E_ROOT!;

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; text: string; json: any };

/**
 * One HTTP request with exactly the headers given (browsers' and Playwright's clients add or
 * normalise Host, Origin and Content-Type, which is what these tests need to control).
 */
export function raw(method: string, pathname: string, options: { headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: `127.0.0.1:${PORT}`, ...options.headers };
    if (options.body !== undefined) headers["content-length"] = String(Buffer.byteLength(options.body));
    const request = http.request({ host: "127.0.0.1", port: PORT, method, path: pathname, headers, setHost: false }, (response) => {
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
    });
    request.on("error", reject);
    if (options.body !== undefined) request.write(options.body);
    request.end();
  });
}

/** A same-origin JSON request, as the studio's own page sends it. */
export function api(method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}): Promise<RawResponse> {
  return raw(method, pathname, {
    headers: { origin: ORIGIN, "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Every file under a directory with its size and mtime: compared before and after a refused request. */
export function snapshotTree(dir: string): Record<string, string> {
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
      const stat = statSync(full);
      if (stat.isDirectory()) walk(full);
      else out[path.relative(dir, full)] = `${stat.size}:${stat.mtimeMs}`;
    }
  };
  walk(dir);
  return out;
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
