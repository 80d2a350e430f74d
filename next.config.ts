import type { NextConfig } from "next";
import { UPLOAD_BODY_LIMIT } from "./server/http/guards";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Loopback gains nothing from gzip, and with it a client that hangs up after the headers (as
  // Chromium does on a refused CORS preflight) left Next's request stream erroring with no
  // listener: an uncaughtException in the server for every such request a web page sends.
  compress: false,
  // Tests are type-checked by `tsc --noEmit` over the whole tree; the build checks what it ships.
  typescript: { tsconfigPath: "tsconfig.build.json" },
  experimental: {
    // With a proxy, Next hands route handlers a copy of the body cut at 10 MB without telling
    // them, so an import or pack upload between 10 MB and its 20 MiB limit failed as "invalid
    // JSON". The slack lets the routes' own streamed count see any body past the limit (413).
    proxyClientMaxBodySize: UPLOAD_BODY_LIMIT + 1024 * 1024,
  },
};

export default nextConfig;
