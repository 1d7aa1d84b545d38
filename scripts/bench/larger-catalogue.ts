/**
 * A bigger catalogue for the bench, brought in the way a shop moving from WooCommerce brings its
 * own: one product CSV in WooCommerce's columns, checked by a dry run, then imported in one go
 * through the back office's import (lib/admin/catalog-csv.ts). The file is the demo catalogue's
 * export with each product copied under new names and SKUs until it holds the number asked for.
 */
import { stringify } from "csv-stringify/sync";
import type { Db } from "@/lib/db/client";
import { catalogueCsv, dryRunImport, importCatalogue, IMPORT_ROW_LIMIT } from "@/lib/admin/catalog-csv";
import { readCsv } from "@/lib/admin/csv-read";
import { recordAudit } from "@/lib/admin/audit";
import type { Audit } from "@/lib/admin/change";

/** The ranges a copy is named after, so the bigger catalogue reads like a shop's, not "copy 17". */
const RANGES = [
  "Karoo",
  "Highveld",
  "Tsitsikamma",
  "Drakensberg",
  "Overberg",
  "Lowveld",
  "Namaqua",
  "Garden Route",
  "Winelands",
  "Wild Coast",
  "Magalies",
  "Kalahari",
  "Cederberg",
  "Boland",
  "Zululand",
  "Hantam",
  "Langeberg",
  "Soutpansberg",
  "Swartberg",
  "Waterberg",
];

/** The copy's suffix for a slug or SKU, and for a name: "-karoo-2", "Karoo 2". */
function copyName(n: number): { slug: string; name: string } {
  const range = RANGES[n % RANGES.length]!;
  const round = Math.floor(n / RANGES.length) + 1;
  return {
    slug: `${range.toLowerCase().replace(/\s+/g, "-")}-${round}`,
    name: `${range} ${round}`,
  };
}

export type LargerCatalogue = { csv: string; products: number; rows: number; bytes: number };

/** The demo catalogue's export plus `products` new products (each with its variations) as one file. */
export async function largerCatalogueCsv(db: Db, products: number): Promise<LargerCatalogue> {
  const [header, ...rows] = readCsv((await catalogueCsv(db)).csv, { rows: IMPORT_ROW_LIMIT, cellChars: 100_000 });
  if (!header) throw new Error("The demo catalogue's export is empty: seed the database first");
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`The export has no ${name} column`);
    return i;
  };
  const [ID, TYPE, SKU, NAME, PARENT] = ["ID", "Type", "SKU", "Name", "Parent"].map(col) as [
    number,
    number,
    number,
    number,
    number,
  ];
  // Each product with the variation rows that follow it.
  const groups: string[][][] = [];
  for (const row of rows) {
    if (row[TYPE] === "variation") groups.at(-1)?.push(row);
    else groups.push([row]);
  }
  const made: string[][] = [];
  for (let n = 0; n < products; n++) {
    const [parent, ...children] = groups[n % groups.length]!;
    const copy = copyName(Math.floor(n / groups.length));
    const slug = `${parent![SKU]}-${copy.slug}`;
    const name = `${parent![NAME]} ${copy.name}`;
    made.push(parent!.map((cell, i) => (i === ID ? "" : i === SKU ? slug : i === NAME ? name : cell)));
    for (const child of children)
      made.push(
        child.map((cell, i) =>
          i === ID
            ? ""
            : i === SKU
              ? `${cell}-${copy.slug.toUpperCase()}`
              : i === PARENT
                ? slug
                : i === NAME
                  ? cell.replace(parent![NAME]!, name)
                  : cell,
        ),
      );
  }
  const csv = `\uFEFF${stringify([header, ...made], { record_delimiter: "\r\n" })}`;
  return { csv, products, rows: made.length, bytes: Buffer.byteLength(csv) };
}

export type ImportTiming = LargerCatalogue & { dryRunMs: number; importMs: number; createdRows: number };

/**
 * Imports `products` more products as staff would: a dry run first, refused on any problem, then
 * the import, every row in one transaction, each change audited under `staffId`.
 */
export async function importLargerCatalogue(db: Db, products: number, staffId: number): Promise<ImportTiming> {
  const file = await largerCatalogueCsv(db, products);
  const audit: Audit = (tx, change) => recordAudit(tx, { staffId, ip: "127.0.0.1", ...change });
  let began = performance.now();
  const plan = await dryRunImport(db, file.csv);
  const dryRunMs = performance.now() - began;
  if (plan.errors.length)
    throw new Error(
      `The dry run found ${plan.errors.length} problem(s): ${plan.errors
        .slice(0, 5)
        .map((e) => `row ${e.row}: ${e.message}`)
        .join("; ")}`,
    );
  began = performance.now();
  const done = await importCatalogue(db, file.csv, audit);
  const importMs = performance.now() - began;
  return { ...file, dryRunMs, importMs, createdRows: done.summary.create };
}
