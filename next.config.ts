import type { NextConfig } from "next";
import { UPLOAD_BODY_LIMIT } from "./server/http/guards";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Loopback gains nothing from gzip, and with it a client hanging up after the headers (Chromium on a
  // refused CORS preflight) caused an uncaughtException in the server.
  compress: false,
  // Tests are type-checked by `tsc --noEmit` over the whole tree; the build checks what it ships.
  typescript: { tsconfigPath: "tsconfig.build.json" },
  experimental: {
    // Next cuts a proxied body at 10 MB silently; the slack lets the routes' own count answer 413 past the limit.
    proxyClientMaxBodySize: UPLOAD_BODY_LIMIT + 1024 * 1024,
  },
};

export default nextConfig;
