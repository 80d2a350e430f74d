import type { NextConfig } from "next";
import { UPLOAD_BODY_LIMIT } from "./server/http/guards";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Loopback gains nothing from gzip, and with it a client hanging up after the headers (Chromium on
  // a refused CORS preflight) leaves Next's stream erroring unheard: an uncaughtException each time.
  compress: false,
  // Tests are type-checked by `tsc --noEmit` over the whole tree; the build checks what it ships.
  typescript: { tsconfigPath: "tsconfig.build.json" },
  experimental: {
    // With a proxy, Next silently cuts the body route handlers get at 10 MB; the slack lets the
    // routes' own streamed count see any body past their 20 MiB limit and answer 413.
    proxyClientMaxBodySize: UPLOAD_BODY_LIMIT + 1024 * 1024,
  },
};

export default nextConfig;
