import { type NextRequest, NextResponse } from "next/server";
import { errorResponse } from "@/server/http/error-response";
import { guardConfigFromEnv, guardRequest, TOKEN_COOKIE } from "@/server/http/guards";

const config_ = guardConfigFromEnv(process.env);

export function proxy(request: NextRequest) {
  const verdict = guardRequest(request, config_);
  // The same status table and error body as every route handler (handle()).
  if (!verdict.ok) return errorResponse(verdict.code, verdict.message);
  const response = NextResponse.next();
  response.headers.set("X-Content-Type-Options", "nosniff");
  response.headers.set("Cross-Origin-Resource-Policy", "same-origin");
  response.headers.set("Content-Security-Policy", "frame-ancestors 'none'");
  if (verdict.setTokenCookie && config_.token) {
    response.cookies.set(TOKEN_COOKIE, config_.token, { httpOnly: true, sameSite: "strict", path: "/" });
  }
  return response;
}

export const config = { matcher: "/:path*" };
