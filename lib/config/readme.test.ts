import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * The README is what a newcomer reads first: short, the two commands on its first screen, and
 * nothing in it or in docs/ that sends a reader to a file, a heading or an npm script that is not
 * there. Its layout names the repository's folders as they are.
 */
const ROOT = path.resolve(__dirname, "../..");
const README = "README.md";
const DOCS = fs
  .readdirSync(path.join(ROOT, "docs"))
  .filter((name) => name.endsWith(".md"))
  .map((name) => path.join("docs", name));
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");
const readme = read(README);

/** About 200 lines: a little room for a table row, none for a section. */
const MOST_LINES = 210;
/** What a terminal or a repository's page shows before the reader scrolls. */
const FIRST_SCREEN = 40;

const SCRIPTS = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;

/** Folders git ignores: what the shop, the build and the tests make. */
const IGNORED = read(".gitignore")
  .split("\n")
  .filter((line) => /^[^#!*\s][^*\s]*\/$/.test(line))
  .map((line) => line.replace(/^\//, ""));

/** The text without fenced code blocks (whose lines are not Markdown). */
function prose(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
}

/** GitHub's anchors for a file's headings: lower case, punctuation dropped, spaces as dashes. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, heading] of prose(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** Every relative link and image of a Markdown file that does not lead where it says. */
function brokenLinks(file: string, text = read(file)): string[] {
  const links = [
    ...prose(text)
      .replace(/`[^`\n]*`/g, "")
      .matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g),
  ].map((m) => m[1]!);
  return links
    .filter((link) => !/^[a-z][a-z0-9+.-]*:/i.test(link))
    .filter((link) => {
      const [target, anchor] = link.split("#", 2) as [string, string | undefined];
      if (!target) return !anchors(text).has(anchor ?? "");
      const resolved = path.join(path.dirname(file), decodeURIComponent(target));
      if (!fs.existsSync(path.join(ROOT, resolved))) return true;
      if (anchor === undefined || !resolved.endsWith(".md")) return false;
      return !anchors(read(resolved)).has(anchor);
    })
    .map((link) => `${file}: ${link}`);
}

/** The npm scripts a file tells the reader to run: `npm run <name>`, `npm test`, `npm start`. */
function npmScripts(file: string, text = read(file)): string[] {
  const run = [...text.matchAll(/\bnpm run((?:\s+--?[\w-]+)*)\s+([a-z][\w:.-]*[a-z0-9])/g)].map((m) => m[2]!);
  const direct = [...text.matchAll(/\bnpm (test|start)\b/g)].map((m) => m[1]!);
  return [...new Set([...run, ...direct])];
}

describe("the README", () => {
  const lines = readme.split("\n");

  test(`is at most ${MOST_LINES} lines long`, () => {
    expect(lines.length).toBeLessThanOrEqual(MOST_LINES);
  });

  test(`puts the two commands in one block on its first ${FIRST_SCREEN} lines`, () => {
    const blocks = [
      ...lines
        .slice(0, FIRST_SCREEN)
        .join("\n")
        .matchAll(/^```\w*\n([\s\S]*?)^```$/gm),
    ].map((m) => m[1]!);
    expect(
      blocks.filter((block) => /^npm install && npm run shop\b/m.test(block) && /^npm test\b/m.test(block)),
    ).toHaveLength(1);
  });

  describe("its layout", () => {
    const section = /\n## Layout\n\n```\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
    const named = [...section.matchAll(/^([^\s/]+)\//gm)].map((m) => m[1]!);
    const tracked = [
      ...new Set(
        execFileSync("git", ["ls-files"], { cwd: ROOT, encoding: "utf8" })
          .split("\n")
          .filter((file) => file.includes("/"))
          .map((file) => file.slice(0, file.indexOf("/"))),
      ),
    ];
    // Folders the shop makes and git ignores (the embedded database, the drawn pictures).
    const ignored = IGNORED.map((folder) => folder.split("/")[0]!);

    test("names every folder git tracks at the top", () => {
      expect(tracked.length).toBeGreaterThan(5);
      expect(tracked.filter((folder) => !named.includes(folder))).toEqual([]);
    });

    test("names no folder that is neither tracked nor made by the shop", () => {
      expect(named.filter((folder) => !tracked.includes(folder) && !ignored.includes(folder))).toEqual([]);
    });
  });
});

/**
 * Documents a file names that a reader of the repository cannot open: a Markdown file found
 * neither from the file's folder, the repository's root or docs/, nor made by a tool in an ignored
 * folder (absolute paths, such as a report in /tmp, are left alone); and issue numbers.
 */
function outsideReferences(file: string, text = read(file)): string[] {
  const documents = [...text.matchAll(/(?<![\w/.-])([\w.-][\w./-]*\.md)\b/g)]
    .map((m) => m[1]!)
    .filter(
      (name) =>
        !fs.existsSync(path.join(ROOT, name)) &&
        !fs.existsSync(path.join(ROOT, path.dirname(file), name)) &&
        !fs.existsSync(path.join(ROOT, "docs", name)) &&
        !IGNORED.some((folder) => name.startsWith(folder)),
    );
  const issues = [...text.matchAll(/\bissues?\s*#?\d+/gi)].map((m) => m[0]);
  return [...documents, ...issues].map((what) => `${file}: ${what}`);
}

describe.each([".env.example", "Dockerfile", ".ci/run"])("%s", (file) => {
  test("cites no document outside the repository", () => {
    expect(outsideReferences(file)).toEqual([]);
  });
});

describe.each([README, ...DOCS])("%s", (file) => {
  test("cites no document outside the repository", () => {
    expect(outsideReferences(file)).toEqual([]);
  });

  test("every relative link leads to a file, and to a heading of it when it names one", () => {
    expect(brokenLinks(file)).toEqual([]);
  });

  test("every npm script it names is in package.json", () => {
    expect(npmScripts(file).filter((name) => !(name in SCRIPTS))).toEqual([]);
  });
});

describe("the checks themselves", () => {
  test("a missing file, a missing heading and a missing script are found", () => {
    const file = path.join("docs", "an-example.md");
    const text =
      "# Here\n\n[there](nowhere.md) [a heading](testing.md#no-such-heading) [fine](testing.md#lighthouse) " +
      "[self](#here) [gone](#gone) [away](https://example.com/x.md)\n\n`npm run no-such-script` and `npm run --silent lint`\n";
    expect(brokenLinks(file, text)).toEqual([
      `${file}: nowhere.md`,
      `${file}: testing.md#no-such-heading`,
      `${file}: #gone`,
    ]);
    expect(npmScripts(file, text)).toEqual(["no-such-script", "lint"]);
    // Spelt in two parts, so that this file does not cite them itself.
    const issue = ["issue", "13"].join(" ");
    expect(
      outsideReferences("Dockerfile", `# npm ci fails (NOTES.md, ${issue}); see docs/deploy.md, e2e/artifacts/x.md`),
    ).toEqual(["Dockerfile: NOTES.md", `Dockerfile: ${issue}`]);
  });

  test("anchors are GitHub's", () => {
    expect([...anchors("# The visitor's address\n## Will it fit? and swatches\n## A\n## A\n")]).toEqual([
      "the-visitors-address",
      "will-it-fit-and-swatches",
      "a",
      "a-1",
    ]);
  });
});
