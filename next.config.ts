import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  cacheComponents: true,
  partialPrefetching: true,
  // PGlite loads its WebAssembly from its own folder; bundling it breaks that path.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "@node-rs/argon2", "nodemailer"],
  poweredByHeader: false,
  reactStrictMode: true,
  images: { unoptimized: true },
};

export default nextConfig;
