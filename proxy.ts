import { type NextRequest, NextResponse } from "next/server";
import { guardConfigFromEnv, guardRequest, TOKEN_COOKIE } from "@/server/http/guards";

const config_ = guardConfigFromEnv(process.env);

export function proxy(request: NextRequest) {
  const verdict = guardRequest(request, config_);
  if (!verdict.ok) {
    return NextResponse.json(
      { error: { code: verdict.code, message: verdict.message } },
      { status: verdict.status, headers: { "Cache-Control": "no-store" } },
    );
  }
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
