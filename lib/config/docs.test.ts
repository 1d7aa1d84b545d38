import fs from "node:fs";
import path from "node:path";
import { CONFIG_VARIABLES, parseServerEnv } from "@/lib/config/env";
import { PUBLIC_DEFAULTS } from "@/lib/config/public";
import { serverOptions } from "@/server.mjs";

/**
 * docs/configuration.md's table and .env.example name every variable the shop reads, each once,
 * and nothing else; the table gives each one's default as the code has it.
 */
const ROOT = path.resolve(__dirname, "../..");
const configuration = fs.readFileSync(path.join(ROOT, "docs", "configuration.md"), "utf8");
const example = fs.readFileSync(path.join(ROOT, ".env.example"), "utf8");

/**
 * server.mjs reads its port and address itself, before Next and the schema: the variables its
 * serverOptions() reads from the environment.
 */
const SERVER_MJS = fs.readFileSync(path.join(ROOT, "server.mjs"), "utf8");
const SERVER_VARIABLES = [
  ...new Set(
    [.../export function serverOptions\([\s\S]*?\n\}/.exec(SERVER_MJS)![0].matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map(
      (m) => m[1]!,
    ),
  ),
];

type Row = { names: string[]; fallback: string; meaning: string };

/** The first table of the "## Every setting" section. */
function configurationTable(): Row[] {
  const at = configuration.indexOf("\n## Every setting\n");
  if (at < 0) return [];
  const lines = configuration.slice(at).split("\n");
  const first = lines.findIndex((l) => l.startsWith("| Variable |"));
  const rows: Row[] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith("|")) break;
    const cells = line
      .replace(/\\\|/g, "\u0000")
      .split("|")
      .slice(1, -1)
      .map((c) => c.replace(/\u0000/g, "|").trim());
    rows.push({
      names: [...cells[0]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!),
      fallback: cells[1] ?? "",
      meaning: cells[2] ?? "",
    });
  }
  return rows;
}

const repeated = (names: string[]) => names.filter((n, i) => names.indexOf(n) !== i);

describe("docs/configuration.md's table", () => {
  const rows = configurationTable();
  const documented = [...CONFIG_VARIABLES, ...SERVER_VARIABLES];

  test("server.mjs's own variables are known", () => {
    expect(SERVER_VARIABLES).toContain("PORT");
  });

  test("one row per variable, each with a default and a meaning", () => {
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.names.length !== 1).map((r) => r.names.join(", "))).toEqual([]);
    expect(rows.filter((r) => !r.fallback || r.meaning.length < 10).map((r) => r.names[0])).toEqual([]);
    expect(repeated(rows.flatMap((r) => r.names))).toEqual([]);
  });

  test("lists exactly the variables of the schema and server.mjs", () => {
    const listed = rows.flatMap((r) => r.names);
    expect(documented.filter((v) => !listed.includes(v))).toEqual([]);
    expect(listed.filter((v) => !documented.includes(v))).toEqual([]);
  });

  test("gives each default the schema applies", () => {
    const parsed = parseServerEnv({});
    if (!parsed.ok) throw new Error("the defaults must parse");
    // SITE_URL defaults to another variable; the rest are values.
    const defaults: Record<string, unknown> = {
      ...parsed.env,
      ...PUBLIC_DEFAULTS,
      PORT: serverOptions([], {}).port,
    };
    delete defaults.SITE_URL;
    const wrong = Object.entries(defaults)
      .filter(([, value]) => typeof value === "string" || typeof value === "number")
      .filter(([name, value]) => !rows.find((r) => r.names[0] === name)?.fallback.includes(`\`${value}\``))
      .map(([name, value]) => `${name} should say \`${value}\``);
    expect(wrong).toEqual([]);
  });
});

describe(".env.example", () => {
  const names = [...example.matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!);

  test("names every variable of the schema once, and nothing else", () => {
    expect(repeated(names)).toEqual([]);
    expect(CONFIG_VARIABLES.filter((v) => !names.includes(v))).toEqual([]);
    expect(names.filter((v) => !CONFIG_VARIABLES.includes(v))).toEqual([]);
  });

  test("parses: its values are valid settings", () => {
    const values = Object.fromEntries([...example.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]));
    const parsed = parseServerEnv(values);
    expect(parsed.ok ? [] : parsed.problems).toEqual([]);
  });
});
