import fs from "node:fs";
import path from "node:path";

/**
 * The server's configuration module (its schema library, its secrets' names) never reaches the
 * browser: no module a client bundle starts from imports it, however indirectly. The browser's
 * settings come from lib/config/public.ts, which imports no package.
 */
const ROOT = path.resolve(__dirname, "../..");
const SERVER_ONLY = ["lib/config/env.ts", "lib/config/set-env.ts", "lib/config/start.ts"];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : sourceFiles(rel);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

function resolve(from: string, spec: string): string | null {
  const base = spec.startsWith("@/")
    ? spec.slice(2)
    : spec.startsWith(".")
      ? path.join(path.dirname(from), spec)
      : null;
  if (base === null) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (fs.existsSync(path.join(ROOT, candidate)) && fs.statSync(path.join(ROOT, candidate)).isFile())
      return path.normalize(candidate);
  }
  return null;
}

/** Runtime imports: static, re-exports and import(); `import type` is erased and skipped. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8");
  const specs = [
    ...text.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?["']([^"']+)["']/gm),
    ...text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
  ].map((m) => m[1]!);
  return specs.map((s) => resolve(file, s)).filter((f): f is string => f !== null);
}

function reach(entries: string[]): Map<string, string> {
  const via = new Map<string, string>(entries.map((e) => [e, e]));
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of importsOf(file)) {
      if (via.has(next)) continue;
      via.set(next, file);
      queue.push(next);
    }
  }
  return via;
}

const clientEntries = [
  "instrumentation-client.ts",
  ...["app", "components", "lib", "stores"]
    .flatMap(sourceFiles)
    .filter((f) => /^\s*["']use client["']/.test(fs.readFileSync(path.join(ROOT, f), "utf8"))),
];

test("the browser's modules never import the server's configuration", () => {
  expect(clientEntries.length).toBeGreaterThan(10);
  const reached = reach(clientEntries);
  expect(reached.has(path.normalize("lib/config/public.ts"))).toBe(true);
  const chains = SERVER_ONLY.filter((f) => reached.has(f)).map((f) => {
    const chain = [f];
    while (reached.get(chain[0]!) !== chain[0]) chain.unshift(reached.get(chain[0]!)!);
    return chain.join(" -> ");
  });
  expect(chains).toEqual([]);
});

test("the browser's configuration module imports no package (no schema library in the bundle)", () => {
  const text = fs.readFileSync(path.join(ROOT, "lib/config/public.ts"), "utf8");
  const packages = [...text.matchAll(/^\s*import\s+(?!type\b)[^'"]*?["']([^"'.@][^"']*|@(?!\/)[^"']+)["']/gm)].map(
    (m) => m[1],
  );
  expect(packages).toEqual([]);
});
