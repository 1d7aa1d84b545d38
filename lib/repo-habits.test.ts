import fs from "node:fs";
import path from "node:path";

/**
 * The code explains itself in its own words: a reference to a document that is not in the
 * repository (a specification section, a design note, an issue number) leaves a reader with a
 * rule they cannot look up. What such a document said belongs in the code or in docs/behaviour.md.
 */
const ROOTS = [
  "app",
  "lib",
  "components",
  "stores",
  "e2e",
  "scripts",
  "standins",
  "proxy.ts",
  "proxy.test.ts",
  "proxy-unavailable.test.ts",
  "server.mjs",
  "instrumentation.ts",
  "instrumentation-client.ts",
  "next.config.ts",
  "playwright.config.ts",
  "README.md",
  "docs",
];
const SELF = path.join("lib", "repo-habits.test.ts");

const CITATIONS: { name: string; pattern: RegExp }[] = [
  { name: "a project document", pattern: /\b(?:SPEC|DESIGN)\b|\b(?:STYLE|BRAND|TOOLCHAIN)\.md\b/ },
  { name: "a section sign", pattern: /§/ },
  { name: "an issue number", pattern: /\bissues?\s*#?\d+/i },
  { name: "the specification", pattern: /\bthe spec(?:ification)?(?:'s)?\b/i },
  { name: "a research note", pattern: /\bresearch\/[\w-]+\.md\b/ },
];

function citations(text: string): string[] {
  return text
    .split("\n")
    .flatMap((line, i) =>
      CITATIONS.filter((c) => c.pattern.test(line)).map((c) => `${i + 1}: ${c.name}: ${line.trim()}`),
    );
}

function files(entry: string): string[] {
  if (!fs.existsSync(entry)) return [];
  if (fs.statSync(entry).isFile()) return /\.(ts|tsx|mjs|cjs|js|css|md)$/.test(entry) ? [entry] : [];
  return fs.readdirSync(entry).flatMap((name) => files(path.join(entry, name)));
}

describe("citations of documents outside the repository", () => {
  test.each([
    ["/** The notification area (SPEC section 2). */"],
    ["// DESIGN.md has it show the couches."],
    ["silently loses its writes (TOOLCHAIN.md)."],
    ["see § 4.2"],
    ["/** Password rules (issue 4). */"],
    ["// fixed in Issue #12"],
    ["// Our reading of the spec's terms"],
    ["* PayFast's signatures (research/payments.md 1.2)."],
  ])("are found in %s", (line) => {
    expect(citations(`const a = 1;\n${line}\nconst b = 2;`)).toHaveLength(1);
  });

  test.each([
    ["const SPECIAL = 1;"],
    ["const STYLE = `body {}`;"],
    ["// a BRAND_COLOR of the design"],
    ["// specifications table, reissued 4 times"],
    ["<caption>Specifications</caption>"],
  ])("are not confused with %s", (line) => {
    expect(citations(line)).toEqual([]);
  });

  test("none in the code, its tests and its scripts", () => {
    const scanned = ROOTS.flatMap(files).filter((file) => file !== SELF);
    expect(scanned.length).toBeGreaterThan(100);
    const found = scanned.flatMap((file) => citations(fs.readFileSync(file, "utf8")).map((hit) => `${file}:${hit}`));
    expect(found).toEqual([]);
  });
});

test("app/ holds routes only: a test of a call lives with its domain in lib/", () => {
  const tests = files("app").filter((file) => /\.test\.tsx?$/.test(file));
  expect(files("app").length).toBeGreaterThan(50);
  expect(tests).toEqual([]);
});

describe("the README's layout", () => {
  const readme = fs.readFileSync("README.md", "utf8");
  const layout = /## Layout\n\n```\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
  const ignored = fs
    .readFileSync(".gitignore", "utf8")
    .split("\n")
    .filter((line) => /^[^/#*]+\/$/.test(line))
    .map((line) => line.slice(0, -1));
  const folders = (dir: string) =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !ignored.includes(e.name) && !/^\.(?!ci$)/.test(e.name))
      .map((e) => e.name);

  test("names every top-level folder", () => {
    expect(layout.length).toBeGreaterThan(1000);
    expect(folders(".").filter((name) => !new RegExp(`^${name.replace(".", "\\.")}[/ ]`, "m").test(layout))).toEqual(
      [],
    );
  });

  test.each(["lib", "components"])("names every folder of %s/", (root) => {
    const names = folders(root);
    expect(names.length).toBeGreaterThan(5);
    expect(names.filter((name) => !new RegExp(`\\b${name}\\b`).test(layout))).toEqual([]);
  });
});
