import fs from "node:fs";
import path from "node:path";

/**
 * Configuration is read in lib/config only: a module that read the environment itself would
 * escape the schema, its defaults and the check at start.
 */
const ROOTS = [
  "app",
  "lib",
  "components",
  "stores",
  "proxy.ts",
  "test/api",
  "test/support",
  "test/fixtures",
  "test/payments",
  "test/proxy.test.ts",
  "test/proxy-unavailable.test.ts",
  "instrumentation.ts",
  "instrumentation-client.ts",
];
const ALLOWED = `lib${path.sep}config${path.sep}`;
/*
 * Not a read: Next writes the runtime's name into each bundle in place of this expression, and
 * only a literal there lets the edge bundle drop the start-up hook's Node-only branches.
 */
const BUNDLER_CONSTANT = /^\s*if \(process\.env\.NEXT_RUNTIME [!=]== "nodejs"\)/;
/*
 * The cache's entry files: Next loads them by path, as plain JavaScript outside the app's bundles,
 * so they cannot import the schema; they read only REDIS_URL, which the schema checks at start
 * like every other setting (their bounds come from lib/config/cache.mjs).
 */
const CACHE_ENTRIES = new Set([
  path.join("lib", "cache", "next-incremental.mjs"),
  path.join("lib", "cache", "next-use-cache.mjs"),
]);
const REDIS_URL_READ = /^\s*const url = process\.env\.REDIS_URL;$/;

function files(entry: string): string[] {
  if (!fs.existsSync(entry)) return [];
  if (fs.statSync(entry).isFile()) return /\.(ts|tsx|mjs|js)$/.test(entry) ? [entry] : [];
  return fs.readdirSync(entry).flatMap((name) => files(path.join(entry, name)));
}

test("no module outside lib/config reads process.env", () => {
  const stray: string[] = [];
  for (const file of ROOTS.flatMap(files)) {
    if (file.startsWith(ALLOWED)) continue;
    fs.readFileSync(file, "utf8")
      .split("\n")
      .forEach((line, i) => {
        if (file === "instrumentation.ts" && BUNDLER_CONSTANT.test(line)) return;
        if (CACHE_ENTRIES.has(file) && REDIS_URL_READ.test(line)) return;
        if (/process\s*\.\s*env\b|process\s*\[\s*["']env["']\s*\]/.test(line))
          stray.push(`${file}:${i + 1}: ${line.trim()}`);
      });
  }
  expect(stray).toEqual([]);
});
