import fs from "node:fs";
import path from "node:path";
import { NATIONWIDE } from "@/lib/delivery/config";
import { PROMISES } from "@/lib/config/site";
import { RESET_CODE_MINUTES } from "@/lib/auth/password-reset";
import { PASSWORD_MIN_LENGTH, RESET_CODE_DIGITS } from "@/lib/auth/register-fields";
import { ORDER_STATUSES } from "@/lib/orders/statuses";
import {
  countWord,
  INSTALMENT_MAX_MONTHS,
  INSTALMENT_MIN_MONTHS,
  INSTALMENT_WORDS,
  INTEREST_FREE_PAYMENTS,
} from "@/lib/money/instalments";

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
  "test",
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

test("app/ holds routes only: a test of a call lives in test/api/", () => {
  const tests = files("app").filter((file) => /\.test\.tsx?$/.test(file));
  expect(files("app").length).toBeGreaterThan(50);
  expect(tests).toEqual([]);
});

/** The modules a file imports, as paths from the repository's root ("app/api/cart/route"). */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  return [...text.matchAll(/(?:\bfrom|\bimport\s*\(|\bimport|jest\.mock\(|require\()\s*["']([^"']+)["']/g)].flatMap(
    (m) => {
      const spec = m[1]!;
      if (spec.startsWith("@/")) return [spec.slice(2)];
      if (spec.startsWith(".")) return [path.join(path.dirname(file), spec).split(path.sep).join("/")];
      return [];
    },
  );
}

describe("lib/ holds the shop's domain code and pure helpers", () => {
  const lib = files("lib").filter((file) => /\.(ts|tsx|mjs)$/.test(file));

  test("nothing in lib/ imports app/ or standins/ (tests of a call live in test/api/)", () => {
    expect(lib.length).toBeGreaterThan(200);
    const found = lib.flatMap((file) =>
      importsOf(file)
        .filter((target) => /^(?:app|standins)\//.test(target))
        .map((target) => `${file} imports ${target}`),
    );
    expect(found).toEqual([]);
  });

  test("no browser code in lib/: hooks and client modules live in components/", () => {
    const client = lib.filter((file) => {
      if (/\.test\.tsx?$/.test(file)) return false;
      const text = fs.readFileSync(file, "utf8");
      return /^["']use client["']/m.test(text) || /^export (?:function|const) use[A-Z]/m.test(text);
    });
    expect(client).toEqual([]);
  });

  test("no test scaffolding or fixtures under lib/ (they live in test/support/ and test/fixtures/)", () => {
    const all = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const full = path.join(dir, e.name);
        return e.isDirectory() ? all(full) : [full];
      });
    expect(all("lib").filter((file) => /test-support|test-client|(?:^|\/)fixtures(?:\/|$)/.test(file))).toEqual([]);
  });
});

test("no circle of imports among the shop's modules (type imports too)", () => {
  const sources = ["app", "components", "lib", "stores", "standins", "scripts", "proxy.ts"]
    .flatMap(files)
    .filter((file) => /\.(ts|tsx|mjs)$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => file.split(path.sep).join("/"));
  const known = new Set(sources);
  const resolve = (target: string) =>
    ["", ".ts", ".tsx", ".mjs", "/index.ts", "/index.tsx"].map((end) => target + end).find((f) => known.has(f));
  const edges = new Map(sources.map((file) => [file, importsOf(file).flatMap((t) => resolve(t) ?? [])]));
  // Tarjan's strongly connected components: any component of two or more files is a circle.
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    for (const to of edges.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (stack.includes(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || (edges.get(file) ?? []).includes(file)) circles.push(component.sort());
    }
  };
  for (const file of sources) if (!index.has(file)) visit(file);
  expect(sources.length).toBeGreaterThan(400);
  expect(circles).toEqual([]);
});

test("no two route files under app/ are the same: twin addresses share one handler", () => {
  const routes = files("app").filter((file) => /(?:^|\/)route\.tsx?$/.test(file));
  expect(routes.length).toBeGreaterThan(40);
  const byText = new Map<string, string[]>();
  for (const file of routes) {
    const text = fs.readFileSync(file, "utf8");
    byText.set(text, [...(byText.get(text) ?? []), file]);
  }
  expect([...byText.values()].filter((same) => same.length > 1)).toEqual([]);
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

/*
 * One home for each fact: a rule, number or wording the shop states in several places is defined
 * once and imported. Each fact below has been typed again somewhere before; the patterns find such
 * a copy in the code and its copy text (tests, which check the facts, are left out).
 */
const SOURCE_ROOTS = ["app", "components", "lib", "stores", "standins", "scripts"];
const sourceFiles = (roots: string[]) =>
  roots.flatMap(files).filter((file) => /\.(ts|tsx|mjs)$/.test(file) && !/\.test\.tsx?$|test-support\.ts$/.test(file));
const contentFiles = () => files("content").filter((file) => file.endsWith(".md"));

type Fact = {
  fact: string;
  pattern: RegExp;
  /** Where the fact is defined: the one file allowed to spell it. */
  home: string[];
  scan: () => string[];
  /** A line that copies the fact, as one was found. */
  copy: string;
};

const ORDER_STATUS = `"(?:${ORDER_STATUSES.join("|")})"`;
const FACTS: Fact[] = [
  {
    fact: "the delivery promise (DELIVERY_TIME)",
    pattern: new RegExp(
      `\\b${NATIONWIDE.to}\\s+(?:working\\s+|calendar\\s+|business\\s+)?days?\\b|\\bwithin\\s+${NATIONWIDE.to}\\b`,
      "i",
    ),
    home: ["lib/delivery/config.ts"],
    scan: () => [...sourceFiles(["app", "components", "lib", "stores"]), ...contentFiles()],
    copy: `<span>Delivered within 14 days; we phone to book a time</span>`,
  },
  {
    fact: "the returns promise (PROMISES.returnDays)",
    pattern: new RegExp(`\\b${PROMISES.returnDays}[\\s-]+days?\\b`, "i"),
    home: [],
    scan: () => [...sourceFiles(["app", "components", "lib", "stores"]), ...contentFiles()],
    copy: `text: "You may return it within 7 days of receiving it."`,
  },
  {
    fact: "the shop's time zone (lib/config/shop-time.ts)",
    pattern: /Africa\/Johannesburg|[+]02:?00\b|\b2 \* (?:60 \* 60 \* 1000|3_?600_?000)\b|\b7_?200_?000\b/,
    home: ["lib/config/shop-time.ts"],
    scan: () => sourceFiles(SOURCE_ROOTS),
    copy: "const dayLabel = (day: string) => formatDay(`${day}T12:00:00+02:00`);",
  },
  {
    fact: "a role compared by name (can() and the table in lib/admin/roles.ts)",
    pattern: /[!=]==?\s*"(?:admin|staff)"|"(?:admin|staff)"\s*[!=]==?/,
    home: ["lib/admin/roles.ts"],
    scan: () => sourceFiles(SOURCE_ROOTS),
    copy: `role={staff.role === "admin" ? "Admin" : "Staff"}`,
  },
  {
    fact: "the VAT rate (VAT_RATE_PERCENT)",
    pattern:
      /\b(?:1\.15|115)\b[^\n]*\bvat\b|\bvat\b[^\n]*\b(?:1\.15|115|15\s?%)|\*\s*15\s*\)\s*\/\s*115\b|\bconst VAT = /i,
    home: ["lib/money/money.ts"],
    scan: () => sourceFiles(SOURCE_ROOTS),
    copy: `<Row label="VAT included (15%)">{formatMoney(order.vatCents)}</Row>`,
  },
  {
    fact: "how long a reset code works (RESET_CODE_MINUTES)",
    pattern: new RegExp(`\\b${RESET_CODE_MINUTES}\\s+minutes\\b`, "i"),
    home: [],
    scan: () => sourceFiles(["app", "components"]),
    copy: `hint="From the e-mail we sent you. It is valid for 15 minutes."`,
  },
  {
    fact: "how many digits a reset code has (RESET_CODE_DIGITS)",
    pattern: new RegExp(`\\b${RESET_CODE_DIGITS}-digit\\b`, "i"),
    home: [],
    scan: () => sourceFiles(["app", "components", "lib"]),
    copy: `label="6-digit code"`,
  },
  {
    fact: "the instalment terms (INSTALMENT_WORDS)",
    pattern: new RegExp(
      `\\b${INSTALMENT_MIN_MONTHS}\\s*(?:to|-|–)\\s*${INSTALMENT_MAX_MONTHS} months|\\b(?:${INTEREST_FREE_PAYMENTS}|${countWord(INTEREST_FREE_PAYMENTS)}) interest-free|${INSTALMENT_WORDS.annualInterest.replace(".", "\\.")}`,
      "i",
    ),
    home: ["lib/money/instalments.ts"],
    scan: () => [...sourceFiles(["app", "components", "lib", "stores"]), ...contentFiles()],
    copy: `description: "Pay in 3 interest-free instalments: a third today, the rest over the next two months.",`,
  },
  {
    fact: "the shortest password (PASSWORD_MIN_LENGTH)",
    pattern: new RegExp(`at least ${PASSWORD_MIN_LENGTH} characters|minLength=\\{${PASSWORD_MIN_LENGTH}\\}`, "i"),
    home: [],
    scan: () => sourceFiles(["app", "components", "lib"]),
    copy: `minLength={8}`,
  },
  {
    fact: "a set of order statuses (lib/orders/statuses.ts)",
    pattern: new RegExp(`\\[\\s*${ORDER_STATUS}\\s*,\\s*${ORDER_STATUS}`),
    home: ["lib/orders/statuses.ts"],
    scan: () => sourceFiles(SOURCE_ROOTS),
    copy: `if (!["pending", "on-hold", "processing"].includes(row.status))`,
  },
  {
    fact: "whether a price is on sale (isOnSale, effectiveCents)",
    pattern: /sale\w*\s*\?\?\s*[\w.]*regular|sale\w*\s*[<>]=?\s*[\w.]*regular/i,
    home: ["lib/catalog/pricing.ts"],
    scan: () => sourceFiles(SOURCE_ROOTS),
    copy: `Now {formatMoney(item.salePriceCents ?? item.regularPriceCents)}`,
  },
  {
    fact: "whether a coupon is live (couponLife, isCouponLive)",
    pattern:
      /\b(?:startsAt|expiresAt)\b[^;\n]*[<>]=?\s*(?:ctx\.)?now\b|\bnow\b\s*[<>]=?\s*[\w.]*\b(?:startsAt|expiresAt)\b/,
    home: ["lib/coupons/rules.ts"],
    scan: () => sourceFiles(SOURCE_ROOTS).filter((file) => /coupon|offer|free-ottoman|cart/.test(file)),
    copy: `if (c.expiresAt && c.expiresAt <= now) return { label: "Ended", tone: "bg-oat-200 text-stone-700" };`,
  },
  {
    fact: "the words for a way through the door (ROUTE_WORDS)",
    pattern: /"(?:stood on end|tilted back)"/,
    home: ["lib/fit/fit.ts"],
    scan: () => sourceFiles(["app", "components", "lib"]),
    copy: `const way = { upright: "upright", tilted: "tilted back", "on-end": "stood on end" }[route];`,
  },
];

describe("one home for each fact", () => {
  test.each(FACTS.map((f) => [f.fact, f]))("a copy of %s is found", (_name, f) => {
    expect(f.pattern.test(f.copy)).toBe(true);
  });

  test.each(FACTS.map((f) => [f.fact, f]))("%s is typed nowhere but its home", (_name, f) => {
    const scanned = f.scan().filter((file) => !f.home.includes(file) && file !== SELF);
    expect(scanned.length).toBeGreaterThan(10);
    const found = scanned.flatMap((file) =>
      fs
        .readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) => (f.pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
