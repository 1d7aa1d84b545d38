import fs from "node:fs";
import path from "node:path";
import { COOKIE, STORAGE_KEY } from "@/lib/http/cookie-names";

const ROOTS = ["app", "lib", "components", "stores", "proxy.ts"];
/** The shop's own code; tests may spell a name out to check it (their helpers live in test/). */
const isSource = (file: string) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file);

function sources(entry: string): string[] {
  if (!fs.statSync(entry).isDirectory()) return isSource(entry) ? [entry] : [];
  return fs.readdirSync(entry).flatMap((name) => sources(path.join(entry, name)));
}

describe("cookie and storage names", () => {
  const files = ROOTS.flatMap(sources).map((file) => ({ file, text: fs.readFileSync(file, "utf8") }));
  const home = path.join("lib", "http", "cookie-names.ts");

  test("every name is written in one module; everything else imports it", () => {
    const literals = files.flatMap(({ file, text }) =>
      file === home ? [] : [...text.matchAll(/["'`](kaya[_-][a-z_]+:?)/g)].map((m) => `${file}: ${m[1]}`),
    );
    const known = new Set<string>([...Object.values(COOKIE), ...Object.values(STORAGE_KEY)]);
    expect(literals.filter((l) => known.has(l.split(": ")[1]!) || /: kaya_/.test(l))).toEqual([]);
  });

  test("no two things share a name", () => {
    const names = [...Object.values(COOKIE), ...Object.values(STORAGE_KEY)];
    expect(new Set(names).size).toBe(names.length);
  });
});
