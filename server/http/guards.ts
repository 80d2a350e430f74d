// Next.js protects Server Actions but not route handlers, so this guard is all that stands between a
// hostile web page and the org files (DNS rebinding, CSRF, form posts, CORS, a token beyond loopback).

import type { AppErrorCode } from "../errors";

export type GuardConfig = {
  port: number;
  extraHosts?: readonly string[];
  token?: string;
};

export type GuardVerdict = { ok: true; setTokenCookie?: boolean } | { ok: false; code: AppErrorCode; message: string };

export const TOKEN_COOKIE = "construct_studio_token";
const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

export function guardConfigFromEnv(env: Record<string, string | undefined>): GuardConfig {
  return {
    port: Number(env.PORT ?? 3000),
    extraHosts: (env.CONSTRUCT_ALLOWED_HOSTS ?? "")
      .split(",")
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    token: env.CONSTRUCT_TOKEN || undefined,
  };
}

export function allowedHosts(config: GuardConfig): string[] {
  return [...LOOPBACK_NAMES.map((name) => `${name}:${config.port}`), ...(config.extraHosts ?? [])];
}

function deny(code: AppErrorCode, message: string): GuardVerdict {
  return { ok: false, code, message };
}

function safeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

function cookie(header: string | null, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** Bodies are small JSON documents; only an org import or a pack upload (a zip in base64) is large. */
export const BODY_LIMIT = 1024 * 1024;
export const UPLOAD_BODY_LIMIT = 20 * 1024 * 1024;

export function bodyLimitFor(pathname: string): number {
  return pathname.startsWith("/api/packs/install") || pathname.startsWith("/api/org/import")
    ? UPLOAD_BODY_LIMIT
    : BODY_LIMIT;
}

export function guardRequest(
  request: { method: string; url: string; headers: Headers },
  config: GuardConfig,
): GuardVerdict {
  const url = new URL(request.url);
  const isApi = url.pathname.startsWith("/api/");
  const host = request.headers.get("host")?.toLowerCase();
  const hosts = allowedHosts(config);
  if (!host) return deny("bad_request", "the request has no Host header");
  if (!hosts.includes(host))
    return deny(
      "forbidden",
      `host "${host.slice(0, 100)}" is not served here; open the studio at http://127.0.0.1:${config.port}`,
    );

  const site = request.headers.get("sec-fetch-site");
  if (site === "cross-site" || site === "same-site")
    return deny("forbidden", `requests from other sites are refused (Sec-Fetch-Site: ${site})`);

  const origin = request.headers.get("origin");
  const method = request.method.toUpperCase();
  if (origin !== null && !hosts.some((h) => origin === `http://${h}`))
    return deny("forbidden", `origin "${origin.slice(0, 100)}" may not call the studio`);

  if (config.token) {
    const given = cookie(request.headers.get("cookie"), TOKEN_COOKIE) ?? url.searchParams.get("token") ?? "";
    if (!safeEqual(given, config.token))
      return deny("unauthorized", "this studio needs its launch token: open the URL it printed at start");
    if (!cookie(request.headers.get("cookie"), TOKEN_COOKIE)) return { ok: true, setTokenCookie: true };
  }

  if (!isApi) return { ok: true };
  if (method === "OPTIONS") return deny("forbidden", "cross-origin requests are not supported");
  if (MUTATING.has(method)) {
    if (origin === null) return deny("forbidden", "a write needs an Origin header from the studio's own page");
    const length = Number(request.headers.get("content-length") ?? "0");
    const hasBody = length > 0 || request.headers.has("transfer-encoding") || method !== "DELETE";
    if (hasBody && !/^application\/json\s*(;|$)/i.test(request.headers.get("content-type") ?? "")) {
      return deny("unsupported_media_type", "send the body as Content-Type: application/json");
    }
    if (length > bodyLimitFor(url.pathname))
      return deny("payload_too_large", `the body is larger than ${bodyLimitFor(url.pathname)} bytes`);
  }
  return { ok: true };
}
