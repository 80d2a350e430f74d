import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Tests are type-checked by `tsc --noEmit` over the whole tree; the build checks what it ships.
  typescript: { tsconfigPath: "tsconfig.build.json" },
};

export default nextConfig;
