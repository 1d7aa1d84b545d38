import { execSync } from "node:child_process";
import path from "node:path";
import type { NextConfig } from "next";
import { HTML_LIMITED_BOT_UA_RE } from "next/dist/shared/lib/router/utils/html-bots";
import { withSentryConfig } from "@sentry/nextjs/config";
import { cacheLimits } from "./lib/config/cache.mjs";
import { buildEnv } from "./lib/config/env";
import { publicEnv } from "./lib/config/public";
import { checkoutFormOriginsIn } from "./lib/payments/gateway-urls";
import { securityHeaders } from "./lib/security/headers";

/*
 * The configuration a build needs, checked: a bad value fails the build, every problem named. The
 * server's other settings are checked when it starts (instrumentation.ts).
 */
const BUILD = buildEnv();
const PUBLIC = publicEnv();

/** One id per build, shared by the server and the client bundle (the client polls for a newer one). */
function buildId(): string {
  if (BUILD.KAYA_BUILD_ID) return BUILD.KAYA_BUILD_ID;
  try {
    return execSync("git rev-parse --short=12 HEAD", { stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
  } catch {
    return "local";
  }
}
const BUILD_ID = buildId();

/*
 * Where the checkout's signed forms go (form-action): the configured gateways, or the stand-in
 * server while a method points at it. Fixed at build time, like every header here; the server
 * refuses to start when it would post them elsewhere (lib/payments/startup.ts).
 */
const CHECKOUT_FORM_ORIGINS = checkoutFormOriginsIn(BUILD);

const https = PUBLIC.NEXT_PUBLIC_SITE_URL.startsWith("https://");

const nextConfig: NextConfig = {
  cacheComponents: true,
  partialPrefetching: true,
  // PGlite loads its WebAssembly from its own folder; bundling it breaks that path.
  // Sentry's runtime module hooks (lib/observability) only work from their own files.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pg",
    "@node-rs/argon2",
    "nodemailer",
    "@sentry/server-runtime-injection",
  ],
  // marked ships as an ES module only: compiled with the app, and so by next/jest for the tests.
  transpilePackages: ["marked"],
  poweredByHeader: false,
  // Each page and link-preview image prerendered at build gets this long (default 60 s): on a
  // busy 2-core machine drawing a journal cover's preview has taken longer, failing the build.
  staticPageGenerationTimeout: 300,
  experimental: {
    // Next keeps a copy of each body that passes the proxy, up to this size; the calls refuse
    // anything over their own limit (64 kB, lib/api/body.ts), so a larger copy only costs memory.
    proxyClientMaxBodySize: 256 * 1024,
  },
  reactStrictMode: true,
  /*
   * Uploaded photographs (/media/<hash>.webp) are resized and re-encoded per screen by Next's
   * optimiser, as AVIF or WebP; the SVG drawings are served as they are (next/image never
   * optimises an .svg, and most are plain <img> tags). A photograph's address never changes its
   * content, so its resized copies keep for a year, on disk within CACHE_DISK_MB.
   */
  images: {
    formats: ["image/avif", "image/webp"],
    localPatterns: [{ pathname: "/media/**", search: "" }],
    deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048],
    minimumCacheTTL: 31_536_000,
    maximumDiskCacheSize: cacheLimits().diskBytes,
  },
  /*
   * The caches are bounded (lib/config/cache.mjs, read when the server starts): each in-memory
   * cache to CACHE_MEMORY_MB, the pages a process adds to .next to CACHE_DISK_MB (lib/cache).
   * Several processes share one cache through Redis when REDIS_URL is set: "use cache" entries
   * and tag revalidations, so a change made on one process shows on every other. Without it each
   * process keeps Next's in-memory "use cache" entries.
   */
  cacheMaxMemorySize: cacheLimits().memoryBytes,
  cacheHandler: path.join(__dirname, "lib/cache/next-incremental.mjs"),
  ...(process.env.REDIS_URL
    ? {
        cacheHandlers: {
          default: path.join(__dirname, "lib/cache/next-use-cache.mjs"),
          remote: path.join(__dirname, "lib/cache/next-use-cache.mjs"),
        },
      }
    : {}),
  generateBuildId: () => BUILD_ID,
  /*
   * Crawlers that get the page's whole head in <head> rather than streamed after the shell:
   * Next's list of HTML-only readers (link previews, Bing, Lighthouse) plus Googlebot, which
   * runs the page but honours rel=canonical only inside <head>.
   */
  htmlLimitedBots: new RegExp(`Googlebot|${HTML_LIMITED_BOT_UA_RE.source}`, "i"),
  // NEXT_PUBLIC_SENTRY_DSN is always defined ("" when unset) so it is inlined even when empty:
  // then the browser knows there is none, whatever the environment it runs in says.
  env: {
    NEXT_PUBLIC_BUILD_ID: BUILD_ID,
    NEXT_PUBLIC_SENTRY_DSN: PUBLIC.NEXT_PUBLIC_SENTRY_DSN ?? "",
    KAYA_CHECKOUT_FORM_ORIGINS: CHECKOUT_FORM_ORIGINS.join(" "),
  },
  // Computed when the shop is built, from the environment it is built with.
  async headers() {
    const headers = securityHeaders({
      production: BUILD.NODE_ENV === "production" && https,
      development: BUILD.NODE_ENV !== "production",
      gtmId: PUBLIC.NEXT_PUBLIC_GTM_ID,
      pixelId: PUBLIC.NEXT_PUBLIC_META_PIXEL_ID,
      mapsKey: PUBLIC.NEXT_PUBLIC_GOOGLE_MAPS_KEY,
      sentryDsn: PUBLIC.NEXT_PUBLIC_SENTRY_DSN,
      paymentFormOrigins: CHECKOUT_FORM_ORIGINS,
    });
    return [{ source: "/:path*", headers }];
  },
};

/**
 * Error reporting (lib/observability): Sentry's build integration, kept offline. It uploads no
 * source maps, creates no release, sends no telemetry and runs nothing after compiling (no auth
 * token exists here). The browser's route manifest is only injected when the build has a DSN.
 */
export default withSentryConfig(nextConfig, {
  silent: true,
  telemetry: false,
  sourcemaps: { disable: true },
  release: { name: BUILD_ID, create: false, finalize: false },
  useRunAfterProductionCompileHook: false,
  // Its loader rewrites libraries the shop does not bundle (pg is external): build time for nothing.
  buildTimeInstrumentation: false,
  routeManifestInjection: PUBLIC.NEXT_PUBLIC_SENTRY_DSN ? undefined : false,
});
