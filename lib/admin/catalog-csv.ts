import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import {
  categories,
  fabrics,
  products,
  variations,
  type Dimensions,
  type Product,
  type ProductAttribute,
  type ProductImage,
  type Variation,
} from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { CATALOGUE_UPLOAD_LIMIT_BYTES } from "@/lib/api/body";
import { csvFile, type CsvFile } from "@/lib/admin/csv";
import { CsvReadError, readCsv, unsafeCell } from "@/lib/admin/csv-read";
import type { Audit } from "@/lib/admin/change";
import { catalogueChanged } from "@/lib/admin/revalidate";
import { slugify } from "@/lib/catalog/images";
import { attributesKey } from "@/lib/catalog/variations";
import { isOnSale } from "@/lib/catalog/pricing";
import { alertLowStock } from "@/lib/catalog/low-stock";
import { notifyRestocked } from "@/lib/restock/restock";
import { formatMoney, randsAmount } from "@/lib/money/money";
import { kilograms } from "@/lib/catalog/dimensions";
import { WEIGHT_MAX_KG } from "@/lib/admin/product-form";
import { FABRIC_ATTRIBUTE } from "@/lib/admin/options-form";
import { fabricByName } from "@/lib/catalog/fabrics";

/*
 * The catalogue in WooCommerce's product CSV columns, so a shop moving from WooCommerce brings its
 * file and a spreadsheet edit comes back the same way. A product's SKU is its slug (the shop has
 * no other code for a product); a variation's is its own. Rows are matched by SKU, never by ID:
 * a WooCommerce file's IDs are another shop's numbers.
 */

/** An upload is refused past this size, before it is read. */
export const IMPORT_LIMIT_BYTES = CATALOGUE_UPLOAD_LIMIT_BYTES;
/** Rows after the header: a catalogue of a thousand products with four variations each. */
export const IMPORT_ROW_LIMIT = 5_000;
const CELL_LIMIT = 20_000;
const STOCK_LIMIT = 100_000;

const BASE_COLUMNS = [
  "ID",
  "Type",
  "SKU",
  "Name",
  "Published",
  "Is featured?",
  "Short description",
  "Description",
  "In stock?",
  "Stock",
  "Regular price",
  "Sale price",
  "Categories",
  "Images",
  "Parent",
  "Position",
  "Length (cm)",
  "Width (cm)",
  "Height (cm)",
  "Weight (kg)",
] as const;

const attributeColumns = (n: number) => [
  `Attribute ${n} name`,
  `Attribute ${n} value(s)`,
  `Attribute ${n} visible`,
  `Attribute ${n} global`,
];

/** Options in one cell are separated by commas; a comma inside an option is written `\,`. */
const joinOptions = (options: readonly string[]) => options.map((o) => o.replace(/,/g, "\\,")).join(", ");
const splitOptions = (cell: string) =>
  cell
    .split(/(?<!\\),/)
    .map((o) => o.replace(/\\,/g, ",").trim())
    .filter(Boolean);

/* ------------------------------------------------------------------------------------------
 * Export
 * ---------------------------------------------------------------------------------------- */

type Cells = Record<string, string | number>;

async function catalogue(db: Db) {
  const [rows, cats, vs] = await Promise.all([
    db.select().from(products).orderBy(asc(products.id)),
    db.select().from(categories),
    db.select().from(variations).orderBy(asc(variations.sortOrder), asc(variations.id)),
  ]);
  const byProduct = new Map<number, Variation[]>();
  for (const v of vs) byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), v]);
  return { products: rows, categories: cats, variationsOf: (id: number) => byProduct.get(id) ?? [] };
}

/** Every product, each variable one followed by its variations, in WooCommerce's columns. */
export async function catalogueCsv(db: Db): Promise<CsvFile> {
  const { products: all, categories: cats, variationsOf } = await catalogue(db);
  const categoryName = new Map(cats.map((c) => [c.id, c.name]));
  const attributeCount = Math.max(1, ...all.map((p) => p.attributes.length));
  const header = [...BASE_COLUMNS, ...Array.from({ length: attributeCount }, (_, i) => attributeColumns(i + 1)).flat()];
  const rows: Cells[] = [];
  for (const p of all) {
    const vs = variationsOf(p.id);
    const row: Cells = {
      ID: p.id,
      Type: vs.length ? "variable" : "simple",
      SKU: p.slug,
      Name: p.name,
      Published: p.published ? 1 : 0,
      "Is featured?": p.featured ? 1 : 0,
      "Short description": p.shortDescription,
      Description: p.description,
      "In stock?": (vs.length ? vs.some((v) => v.stock > 0) : p.stock > 0) ? 1 : 0,
      Stock: vs.length ? "" : p.stock,
      "Regular price": randsAmount(p.regularPriceCents),
      "Sale price": p.salePriceCents === null ? "" : randsAmount(p.salePriceCents),
      Categories: categoryName.get(p.categoryId) ?? "",
      Images: p.images.map((i) => i.src).join(", "),
      "Length (cm)": p.dimensions.depth,
      "Width (cm)": p.dimensions.width,
      "Height (cm)": p.dimensions.height,
      "Weight (kg)": p.dimensions.weightGrams === undefined ? "" : kilograms(p.dimensions.weightGrams),
    };
    p.attributes.forEach((a, i) => {
      const [name, values, visible, global] = attributeColumns(i + 1) as [string, string, string, string];
      Object.assign(row, { [name]: a.name, [values]: joinOptions(a.options), [visible]: 1, [global]: 0 });
    });
    rows.push(row);
    for (const v of vs) {
      const vrow: Cells = {
        Type: "variation",
        SKU: v.sku,
        Name: `${p.name} - ${Object.values(v.attributes).join(", ")}`,
        Published: 1,
        "In stock?": v.stock > 0 ? 1 : 0,
        Stock: v.stock,
        "Regular price": randsAmount(v.regularPriceCents),
        "Sale price": v.salePriceCents === null ? "" : randsAmount(v.salePriceCents),
        Parent: p.slug,
        Position: v.sortOrder,
      };
      Object.entries(v.attributes).forEach(([name, option], i) => {
        const [n, values, , global] = attributeColumns(i + 1) as [string, string, string, string];
        Object.assign(vrow, { [n]: name, [values]: joinOptions([option]), [global]: 0 });
      });
      rows.push(vrow);
    }
  }
  return csvFile(
    header.map((h) => ({ header: h, value: (row: Cells) => row[h] ?? "" })),
    rows,
  );
}

/* ------------------------------------------------------------------------------------------
 * Reading and checking the rows
 * ---------------------------------------------------------------------------------------- */

/** A problem with the file, on the row the spreadsheet shows it (the header is row 1). */
export type RowError = { row: number; message: string };

/** What importing one row would do (or did). */
export type RowChange = { row: number; sku: string; action: "create" | "update"; changes: string[] };

export type ImportPlan = {
  /** Rows that change something, in the file's order; rows that change nothing are left out. */
  changes: RowChange[];
  errors: RowError[];
  /** Columns the shop does not keep (Tags, Tax status…), read past. */
  ignoredColumns: string[];
  rows: number;
  summary: { create: number; update: number; unchanged: number };
};

const RANDS = /^\d{1,7}(\.\d{1,2})?$/;
const quoted = (raw: string) => `'${raw.length > 40 ? `${raw.slice(0, 40)}…` : raw}'`;

/** An empty cell is null; anything else must be what the column holds, or the row is refused. */
function amount(column: string) {
  return z.string().transform((raw, ctx) => {
    const v = raw.replace(/[\sR\u00a0]/gi, "").replace(",", ".");
    if (v === "") return null;
    if (!RANDS.test(v)) {
      ctx.addIssue({ code: "custom", message: `${column} ${quoted(raw)} is not an amount in rand` });
      return z.NEVER;
    }
    return Math.round(Number(v) * 100);
  });
}

function wholeNumber(column: string, max: number) {
  return z.string().transform((raw, ctx) => {
    const v = raw.trim();
    if (v === "") return null;
    if (!/^\d{1,9}$/.test(v) || Number(v) > max) {
      ctx.addIssue({ code: "custom", message: `${column} ${quoted(raw)} is not a whole number from 0 to ${max}` });
      return z.NEVER;
    }
    return Number(v);
  });
}

/** WooCommerce's weight in kilograms ("48.5"), kept in whole grams. */
function kilogramsCell(column: string) {
  return z.string().transform((raw, ctx) => {
    const v = raw.trim().replace(",", ".");
    if (v === "") return null;
    if (!/^\d{1,4}(\.\d{1,3})?$/.test(v) || Number(v) <= 0 || Number(v) > WEIGHT_MAX_KG) {
      ctx.addIssue({
        code: "custom",
        message: `${column} ${quoted(raw)} is not a weight in kilograms up to ${WEIGHT_MAX_KG}`,
      });
      return z.NEVER;
    }
    return Math.round(Number(v) * 1000);
  });
}

function centimetres(column: string) {
  return z.string().transform((raw, ctx) => {
    const v = raw.trim().replace(",", ".");
    if (v === "") return null;
    if (!/^\d{1,4}(\.\d{1,2})?$/.test(v) || Number(v) <= 0) {
      ctx.addIssue({ code: "custom", message: `${column} ${quoted(raw)} is not a measurement in centimetres` });
      return z.NEVER;
    }
    return Number(v);
  });
}

/** WooCommerce writes 1 and 0 (and -1 for a draft); people write yes and no. */
function flag(column: string) {
  return z.string().transform((raw, ctx) => {
    const v = raw.trim().toLowerCase();
    if (v === "") return null;
    if (["1", "yes", "true"].includes(v)) return true;
    if (["0", "-1", "no", "false"].includes(v)) return false;
    ctx.addIssue({ code: "custom", message: `${column} ${quoted(raw)} is not 1 or 0` });
    return z.NEVER;
  });
}

/** A cell of text; a description keeps its spacing, so a file exported and imported again is unchanged. */
const text = (column: string, max = CELL_LIMIT, trim = true) =>
  z
    .string()
    .transform((v) => (trim ? unsafeCell(v).trim() : unsafeCell(v)))
    .refine((v) => v.length <= max, { error: `${column} is longer than ${max} characters` });

const imageList = z.string().transform((raw, ctx) => {
  const srcs = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const src of srcs) {
    if (!/^(https:\/\/[^\s"<>]+|\/[^\s"<>/][^\s"<>]*)$/.test(src) || src.length > 500) {
      ctx.addIssue({ code: "custom", message: `Images ${quoted(src)} is not a picture's address (https://… or /…)` });
      return z.NEVER;
    }
  }
  return srcs.length ? srcs : null;
});

const rowType = z.string().transform((raw, ctx) => {
  const words = raw
    .toLowerCase()
    .split(",")
    .map((w) => w.trim());
  const type = (["variation", "variable", "simple"] as const).find((t) => words.includes(t));
  if (!type) {
    ctx.addIssue({
      code: "custom",
      message: `Type ${quoted(raw)} is not one the shop sells: simple, variable or variation`,
    });
    return z.NEVER;
  }
  return type;
});

const rowSchema = z.object({
  type: rowType,
  sku: text("SKU", 100),
  name: text("Name", 200),
  published: flag("Published"),
  featured: flag("Is featured?"),
  shortDescription: text("Short description", 1_000, false),
  description: text("Description", CELL_LIMIT, false),
  stock: wholeNumber("Stock", STOCK_LIMIT),
  regularPrice: amount("Regular price"),
  salePrice: amount("Sale price"),
  category: text("Categories", 200).transform((v) => {
    // "Furniture > Couches, Sale": the shop files a product under one category, the first one's last step.
    const first = v.split(/(?<!\\),/)[0] ?? "";
    return first.split(">").at(-1)!.trim();
  }),
  images: imageList,
  parent: text("Parent", 100),
  id: text("ID", 20),
  position: wholeNumber("Position", 10_000),
  length: centimetres("Length (cm)"),
  width: centimetres("Width (cm)"),
  height: centimetres("Height (cm)"),
  weight: kilogramsCell("Weight (kg)"),
  attributes: z.array(
    z.object({ name: text("An attribute's name", 100), values: text("An attribute's values", 2_000) }),
  ),
});

type Fields = z.output<typeof rowSchema>;
type Row = Fields & { row: number; present: Set<keyof Fields> };

const FIELD_FOR_COLUMN: Record<string, Exclude<keyof Fields, "attributes">> = {
  id: "id",
  type: "type",
  sku: "sku",
  name: "name",
  published: "published",
  "is featured?": "featured",
  "short description": "shortDescription",
  description: "description",
  stock: "stock",
  "regular price": "regularPrice",
  "sale price": "salePrice",
  categories: "category",
  images: "images",
  parent: "parent",
  position: "position",
  "length (cm)": "length",
  "width (cm)": "width",
  "height (cm)": "height",
  "weight (kg)": "weight",
};
/** Columns read past without a word: WooCommerce writes them, and the shop works them out itself. */
const QUIETLY_IGNORED = new Set(["in stock?"]);
const ATTRIBUTE_COLUMN = /^attribute (\d{1,2}) (name|value\(s\)|visible|global)$/;

function readRows(text: string): { rows: Row[]; errors: RowError[]; ignoredColumns: string[]; count: number } {
  if (Buffer.byteLength(text, "utf8") > IMPORT_LIMIT_BYTES)
    throw new ApiError(413, "file_too_large", `The file is larger than ${IMPORT_LIMIT_BYTES / 1024 / 1024} MB`);
  let table: string[][];
  try {
    table = readCsv(text, { rows: IMPORT_ROW_LIMIT, cellChars: CELL_LIMIT });
  } catch (err) {
    if (err instanceof CsvReadError) throw new ApiError(400, "unreadable_csv", err.message);
    throw err;
  }
  const [header = [], ...body] = table;
  if (body.length > IMPORT_ROW_LIMIT)
    throw new ApiError(
      400,
      "too_many_rows",
      `The file has more than ${IMPORT_ROW_LIMIT} rows; split it in two and import each`,
    );
  const names = header.map((h) => h.trim().toLowerCase());
  for (const required of ["type", "sku", "name"])
    if (!names.includes(required))
      throw new ApiError(
        400,
        "missing_column",
        `The file has no ${required === "sku" ? "SKU" : required[0]!.toUpperCase() + required.slice(1)} column: is it a WooCommerce product CSV?`,
      );
  const ignoredColumns = header.filter((h, i) => {
    const n = names[i]!;
    return n !== "" && !FIELD_FOR_COLUMN[n] && !ATTRIBUTE_COLUMN.test(n) && !QUIETLY_IGNORED.has(n);
  });
  const rows: Row[] = [];
  const errors: RowError[] = [];
  let count = 0;
  body.forEach((cells, index) => {
    const row = index + 2;
    if (cells.every((c) => c.trim() === "")) return;
    count++;
    const input: Record<string, string> = {};
    const present = new Set<keyof Fields>();
    const attributes = new Map<number, { name: string; values: string }>();
    names.forEach((n, i) => {
      const cell = cells[i] ?? "";
      const field = FIELD_FOR_COLUMN[n];
      if (field) {
        input[field] = cell;
        present.add(field);
      }
      const attr = ATTRIBUTE_COLUMN.exec(n);
      if (attr && (attr[2] === "name" || attr[2] === "value(s)")) {
        const slot = attributes.get(Number(attr[1])) ?? { name: "", values: "" };
        if (attr[2] === "name") slot.name = cell;
        else slot.values = cell;
        attributes.set(Number(attr[1]), slot);
      }
    });
    const fields: Record<string, unknown> = Object.fromEntries(
      Object.keys(rowSchema.shape).map((k) => [k, input[k] ?? ""]),
    );
    fields.attributes = [...attributes.entries()].sort(([a], [b]) => a - b).map(([, slot]) => slot);
    const parsed = rowSchema.safeParse(fields);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors.push({ row, message: `Row ${row}: ${issue.message}` });
      return;
    }
    rows.push({ ...parsed.data, row, present });
  });
  return { rows, errors, ignoredColumns, count };
}

/* ------------------------------------------------------------------------------------------
 * Planning: what each row would change
 * ---------------------------------------------------------------------------------------- */

type ProductValues = {
  slug: string;
  name: string;
  categoryId: number;
  shortDescription: string;
  description: string;
  dimensions: Dimensions;
  attributes: ProductAttribute[];
  images: ProductImage[];
  regularPriceCents: number;
  salePriceCents: number | null;
  stock: number;
  featured: boolean;
  published: boolean;
};

type VariationValues = {
  sku: string;
  attributes: Record<string, string>;
  attributesKey: string;
  regularPriceCents: number;
  salePriceCents: number | null;
  stock: number;
  sortOrder: number;
};

type ProductOp = { row: number; existing: Product | null; values: ProductValues; changes: string[] };
type VariationOp = {
  row: number;
  parentSlug: string;
  existing: Variation | null;
  values: VariationValues;
  changes: string[];
};

type Plan = ImportPlan & { productOps: ProductOp[]; variationOps: VariationOp[] };

const money = (cents: number | null) => (cents === null ? "no sale" : formatMoney(cents));
const yesNo = (v: boolean) => (v ? "yes" : "no");

/** JSON with every object's keys in order: the database hands jsonb back with its keys sorted its own way. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

/** What changes between two values of a field, said for the member of staff, or nothing. */
function diff<T>(label: string, before: T, after: T, say: (v: T) => string = String): string[] {
  return canonical(before) === canonical(after) ? [] : [`${label} ${say(before)} → ${say(after)}`];
}

/**
 * A row's attributes, a Fabric's values written as the shop's fabric range names them ("oat" is
 * "Oat"); `unknownFabrics` are the values that are none of its fabrics, as the options form refuses.
 */
function attributesFromRow(
  row: Row,
  range: readonly { name: string }[],
): { attributes: ProductAttribute[]; unknownFabrics: string[] } {
  const unknownFabrics: string[] = [];
  const attributes = row.attributes
    .filter((a) => a.name !== "")
    .map((a) => {
      const options = splitOptions(a.values);
      if (a.name !== FABRIC_ATTRIBUTE) return { name: a.name, options };
      return {
        name: a.name,
        options: options.map((o) => {
          const fabric = fabricByName(range, o);
          if (!fabric) unknownFabrics.push(o);
          return fabric?.name ?? o;
        }),
      };
    })
    .filter((a) => a.options.length > 0);
  return { attributes, unknownFabrics };
}

const fabricRefusal = (unknown: string[], range: readonly { name: string }[]) =>
  `${unknown.map(quoted).join(", ")} ${unknown.length === 1 ? "is not one of our fabrics" : "are not our fabrics"}: ` +
  `add ${unknown.length === 1 ? "it" : "them"} under Fabrics first, or use one of ${range.map((f) => f.name).join(", ")}`;

function pricesError(row: number, regular: number, sale: number | null): string | null {
  if (regular <= 0) return `Row ${row}: Regular price must be more than R 0`;
  if (sale === null) return null;
  if (sale <= 0) return `Row ${row}: Sale price must be more than R 0, or left empty`;
  if (!isOnSale({ regularCents: regular, saleCents: sale }))
    return `Row ${row}: Sale price must be below the Regular price`;
  return null;
}

async function planImport(db: Db, text: string, opts: { lock: boolean }): Promise<Plan> {
  const { rows, errors, ignoredColumns, count } = readRows(text);
  const fail = (row: number, message: string) => errors.push({ row, message: `Row ${row}: ${message}` });

  const productRows = rows.filter((r) => r.type !== "variation");
  const variationRows = rows.filter((r) => r.type === "variation");
  const slugOf = (r: Row) => slugify(r.sku || r.name);

  const slugs = [...new Set(productRows.map(slugOf).filter(Boolean))];
  const skus = [...new Set(variationRows.map((r) => r.sku).filter(Boolean))];
  const productQuery = db.select().from(products).where(inArray(products.slug, slugs));
  const variationQuery = db.select().from(variations).where(inArray(variations.sku, skus));
  // Importing locks the rows it reads, so a checkout or an edit between reading and writing waits.
  const [existingProducts, cats, existingVariations, range] = await Promise.all([
    slugs.length ? (opts.lock ? productQuery.for("update") : productQuery) : [],
    db.select().from(categories),
    skus.length ? (opts.lock ? variationQuery.for("update") : variationQuery) : [],
    db.select({ name: fabrics.name }).from(fabrics).orderBy(asc(fabrics.position), asc(fabrics.id)),
  ]);
  const productBySlug = new Map(existingProducts.map((p) => [p.slug, p]));
  const variationBySku = new Map(existingVariations.map((v) => [v.sku, v]));
  const category = (nameOrSlug: string) =>
    cats.find((c) => c.name.toLowerCase() === nameOrSlug.toLowerCase() || c.slug === slugify(nameOrSlug));

  // Parents named by a product's ID in the file (id:N), or by one of the shop's own product numbers.
  const slugById = new Map(productRows.filter((r) => r.id).map((r) => [r.id, slugOf(r)]));
  const parentIds = variationRows
    .map((r) => /^id:(\d{1,9})$/i.exec(r.parent)?.[1])
    .filter((id): id is string => !!id && !slugById.has(id));
  if (parentIds.length)
    for (const p of await db
      .select({ id: products.id, slug: products.slug })
      .from(products)
      .where(inArray(products.id, parentIds.map(Number))))
      slugById.set(String(p.id), p.slug);
  const parentSlugOf = (r: Row) => {
    const byId = /^id:(\d{1,9})$/i.exec(r.parent);
    return byId ? slugById.get(byId[1]!) : slugify(r.parent);
  };

  const productOps: ProductOp[] = [];
  const opBySlug = new Map<string, ProductOp>();
  const newVariablePrices = new Map<string, number[]>();

  for (const r of productRows) {
    const slug = slugOf(r);
    if (!slug) {
      fail(r.row, "give the product a SKU or a Name");
      continue;
    }
    if (opBySlug.has(slug)) {
      fail(r.row, `SKU ${quoted(r.sku || slug)} is on row ${opBySlug.get(slug)!.row} too`);
      continue;
    }
    const existing = productBySlug.get(slug) ?? null;
    const cat = r.category ? category(r.category) : undefined;
    if (r.category && !cat) {
      fail(
        r.row,
        `there is no category ${quoted(r.category)} in the shop: add it first, or use one of ${cats.map((c) => c.name).join(", ")}`,
      );
      continue;
    }
    const { attributes, unknownFabrics } = attributesFromRow(r, range);
    if (unknownFabrics.length) {
      fail(r.row, fabricRefusal(unknownFabrics, range));
      continue;
    }
    const images = (srcs: string[] | null, before: ProductImage[], name: string) =>
      srcs ? srcs.map((src) => ({ src, alt: before.find((i) => i.src === src)?.alt ?? name })) : before;
    if (!existing) {
      const missing = [
        !r.name && "Name",
        !cat && "Categories",
        r.width === null && "Width (cm)",
        r.length === null && "Length (cm)",
        r.height === null && "Height (cm)",
        r.type === "simple" && r.regularPrice === null && "Regular price",
      ].filter(Boolean);
      if (missing.length) {
        fail(r.row, `a new product needs ${missing.join(", ")}`);
        continue;
      }
      const values: ProductValues = {
        slug,
        name: r.name,
        categoryId: cat!.id,
        shortDescription: r.shortDescription,
        description: r.description,
        dimensions: {
          width: r.width!,
          depth: r.length!,
          height: r.height!,
          ...(r.weight === null ? {} : { weightGrams: r.weight }),
        },
        attributes,
        images: images(r.images, [], r.name),
        regularPriceCents: r.regularPrice ?? 0,
        salePriceCents: r.regularPrice === null ? null : r.salePrice,
        stock: r.type === "simple" ? (r.stock ?? 0) : 0,
        featured: r.featured ?? false,
        published: r.published ?? true,
      };
      if (r.type === "variable" && r.regularPrice === null) newVariablePrices.set(slug, []);
      else {
        const bad = pricesError(r.row, values.regularPriceCents, values.salePriceCents);
        if (bad) errors.push({ row: r.row, message: bad });
      }
      const op: ProductOp = {
        row: r.row,
        existing: null,
        values,
        changes: [
          `New ${r.type} product: ${r.name} in ${cat!.name}${r.regularPrice === null ? "" : `, ${formatMoney(values.regularPriceCents)}`}${r.type === "simple" ? `, stock ${values.stock}` : ""}`,
        ],
      };
      productOps.push(op);
      opBySlug.set(slug, op);
      continue;
    }
    const values: ProductValues = {
      slug,
      name: r.name || existing.name,
      categoryId: cat?.id ?? existing.categoryId,
      shortDescription: r.shortDescription || existing.shortDescription,
      description: r.description || existing.description,
      dimensions: {
        ...existing.dimensions,
        width: r.width ?? existing.dimensions.width,
        depth: r.length ?? existing.dimensions.depth,
        height: r.height ?? existing.dimensions.height,
        ...(r.weight === null ? {} : { weightGrams: r.weight }),
      },
      attributes: attributes.length ? attributes : existing.attributes,
      images: images(r.images, existing.images, existing.name),
      regularPriceCents: r.regularPrice ?? existing.regularPriceCents,
      salePriceCents: r.present.has("salePrice") ? r.salePrice : existing.salePriceCents,
      stock: r.type === "simple" ? (r.stock ?? existing.stock) : existing.stock,
      featured: r.featured ?? existing.featured,
      published: r.published ?? existing.published,
    };
    const bad = pricesError(r.row, values.regularPriceCents, values.salePriceCents);
    if (bad) errors.push({ row: r.row, message: bad });
    const categoryName = (id: number) => cats.find((c) => c.id === id)?.name ?? "";
    const op: ProductOp = {
      row: r.row,
      existing,
      values,
      changes: [
        ...diff("Name", existing.name, values.name),
        ...diff("Category", existing.categoryId, values.categoryId, categoryName),
        ...diff("Regular price", existing.regularPriceCents, values.regularPriceCents, money),
        ...diff("Sale price", existing.salePriceCents, values.salePriceCents, money),
        ...diff("Stock", existing.stock, values.stock),
        ...diff("Published", existing.published, values.published, yesNo),
        ...diff("Featured", existing.featured, values.featured, yesNo),
        ...(existing.shortDescription === values.shortDescription ? [] : ["Short description changed"]),
        ...(existing.description === values.description ? [] : ["Description changed"]),
        ...diff(
          "Size (W × D × H cm)",
          [existing.dimensions.width, existing.dimensions.depth, existing.dimensions.height],
          [values.dimensions.width, values.dimensions.depth, values.dimensions.height],
          (d) => d.join(" × "),
        ),
        ...diff("Weight (kg)", existing.dimensions.weightGrams ?? null, values.dimensions.weightGrams ?? null, (g) =>
          g === null ? "none" : kilograms(g),
        ),
        ...diff("Options", existing.attributes, values.attributes, (as) =>
          as.map((a) => `${a.name}: ${a.options.join(", ")}`).join("; "),
        ),
        ...diff("Images", existing.images, values.images, (is) => `${is.length} picture${is.length === 1 ? "" : "s"}`),
      ],
    };
    productOps.push(op);
    opBySlug.set(slug, op);
  }

  // Variations: their parents, as the file and the shop have them after the product rows.
  const parentSlugs = [...new Set(variationRows.map(parentSlugOf).filter((s): s is string => !!s))];
  const missingParents = parentSlugs.filter((s) => !opBySlug.has(s));
  const shopParents = missingParents.length
    ? await db.select().from(products).where(inArray(products.slug, missingParents))
    : [];
  const parentBySlug = new Map(shopParents.map((p) => [p.slug, p]));
  const parentIdsInShop = [...new Set([...existingProducts, ...shopParents].map((p) => p.id))];
  const shopVariations = parentIdsInShop.length
    ? await db.select().from(variations).where(inArray(variations.productId, parentIdsInShop))
    : [];

  const variationOps: VariationOp[] = [];
  const seenSkus = new Map<string, number>();
  const keysByParent = new Map<string, Map<string, number>>();
  const positions = new Map<string, number>();

  for (const r of variationRows) {
    const parentSlug = parentSlugOf(r);
    const parentOp = parentSlug ? opBySlug.get(parentSlug) : undefined;
    const parent = parentOp?.existing ?? (parentSlug ? (parentBySlug.get(parentSlug) ?? null) : null);
    if (!parentSlug || (!parentOp && !parent)) {
      fail(
        r.row,
        r.parent ? `Parent ${quoted(r.parent)} is no product in the file or the shop` : "a variation needs a Parent",
      );
      continue;
    }
    const parentAttributes = parentOp?.values.attributes ?? parent!.attributes;
    const sku =
      r.sku ||
      `${parentSlug}--${r.attributes.map((a) => a.values).join("-")}`.toUpperCase().replace(/[^A-Z0-9]+/g, "-");
    if (seenSkus.has(sku)) {
      fail(r.row, `SKU ${quoted(sku)} is on row ${seenSkus.get(sku)} too`);
      continue;
    }
    seenSkus.set(sku, r.row);
    const existing = variationBySku.get(sku) ?? null;
    const ownerId = parentOp?.existing?.id ?? parent?.id ?? null;
    if (existing && existing.productId !== ownerId) {
      fail(r.row, `SKU ${quoted(sku)} belongs to another product in the shop`);
      continue;
    }
    const { attributes: chosen, unknownFabrics } = attributesFromRow(r, range);
    if (unknownFabrics.length) {
      fail(r.row, fabricRefusal(unknownFabrics, range));
      continue;
    }
    const attributes: Record<string, string> = chosen.length
      ? Object.fromEntries(chosen.map((a) => [a.name, a.options[0]!]))
      : (existing?.attributes ?? {});
    if (!Object.keys(attributes).length) {
      fail(r.row, "a variation needs its options (Attribute 1 name and value)");
      continue;
    }
    const unknown = Object.entries(attributes).filter(
      ([name, option]) => !parentAttributes.some((a) => a.name === name && a.options.includes(option)),
    );
    if (unknown.length) {
      fail(r.row, `${unknown.map(([n, o]) => `${n} ${quoted(o)}`).join(", ")} is not one of ${parentSlug}'s options`);
      continue;
    }
    const key = attributesKey(attributes);
    const keys = keysByParent.get(parentSlug) ?? new Map<string, number>();
    keysByParent.set(parentSlug, keys);
    const clash =
      keys.get(key) ??
      (shopVariations.some((v) => v.productId === ownerId && v.attributesKey === key && v.sku !== sku) ? 0 : undefined);
    if (clash !== undefined) {
      fail(
        r.row,
        clash
          ? `row ${clash} has the same options for ${parentSlug}`
          : `${parentSlug} already has a variation with these options`,
      );
      continue;
    }
    keys.set(key, r.row);
    const position = positions.get(parentSlug) ?? 0;
    positions.set(parentSlug, position + 1);
    if (!existing) {
      if (r.regularPrice === null) {
        fail(r.row, "a new variation needs a Regular price");
        continue;
      }
      const values: VariationValues = {
        sku,
        attributes,
        attributesKey: key,
        regularPriceCents: r.regularPrice,
        salePriceCents: r.salePrice,
        stock: r.stock ?? 0,
        sortOrder: r.position ?? position,
      };
      const bad = pricesError(r.row, values.regularPriceCents, values.salePriceCents);
      if (bad) errors.push({ row: r.row, message: bad });
      newVariablePrices.get(parentSlug)?.push(values.regularPriceCents);
      variationOps.push({
        row: r.row,
        parentSlug,
        existing: null,
        values,
        changes: [
          `New variation of ${parentSlug}: ${Object.values(attributes).join(", ")}, ${formatMoney(values.regularPriceCents)}, stock ${values.stock}`,
        ],
      });
      continue;
    }
    const values: VariationValues = {
      sku,
      attributes,
      attributesKey: key,
      regularPriceCents: r.regularPrice ?? existing.regularPriceCents,
      salePriceCents: r.present.has("salePrice") ? r.salePrice : existing.salePriceCents,
      stock: r.stock ?? existing.stock,
      sortOrder: r.position ?? existing.sortOrder,
    };
    const bad = pricesError(r.row, values.regularPriceCents, values.salePriceCents);
    if (bad) errors.push({ row: r.row, message: bad });
    variationOps.push({
      row: r.row,
      parentSlug,
      existing,
      values,
      changes: [
        ...diff("Options", existing.attributes, values.attributes, (a) => Object.values(a).join(", ")),
        ...diff("Regular price", existing.regularPriceCents, values.regularPriceCents, money),
        ...diff("Sale price", existing.salePriceCents, values.salePriceCents, money),
        ...diff("Stock", existing.stock, values.stock),
        ...diff("Position", existing.sortOrder, values.sortOrder),
      ],
    });
  }

  // A new variable product without a price of its own is priced "from" its cheapest variation.
  for (const [slug, prices] of newVariablePrices) {
    const op = opBySlug.get(slug)!;
    if (!prices.length) {
      fail(op.row, "a new variable product needs a Regular price or variations in the file");
      continue;
    }
    op.values.regularPriceCents = Math.min(...prices);
    op.changes = [`${op.changes[0]}, from ${formatMoney(op.values.regularPriceCents)}`];
  }
  for (const r of productRows) {
    const op = opBySlug.get(slugOf(r));
    if (op?.existing && op.row === r.row && r.type === "simple") {
      const has =
        shopVariations.some((v) => v.productId === op.existing!.id) ||
        variationOps.some((v) => v.parentSlug === op.values.slug);
      if (has) fail(r.row, `${op.values.slug} has variations: its Type is variable`);
    }
  }

  errors.sort((a, b) => a.row - b.row);
  const ops = [...productOps, ...variationOps].sort((a, b) => a.row - b.row);
  const changes: RowChange[] = ops
    .filter((op) => op.changes.length)
    .map((op) => ({
      row: op.row,
      sku: "slug" in op.values ? op.values.slug : op.values.sku,
      action: op.existing ? "update" : "create",
      changes: op.changes,
    }));
  return {
    changes,
    errors,
    ignoredColumns,
    rows: count,
    summary: {
      create: changes.filter((c) => c.action === "create").length,
      update: changes.filter((c) => c.action === "update").length,
      unchanged: ops.length - changes.length,
    },
    productOps,
    variationOps,
  };
}

const publicPlan = (plan: Plan): ImportPlan => ({
  changes: plan.changes,
  errors: plan.errors,
  ignoredColumns: plan.ignoredColumns,
  rows: plan.rows,
  summary: plan.summary,
});

/** What importing the file would do, row by row, and every problem in it; nothing is written. */
export async function dryRunImport(db: Db, text: string): Promise<ImportPlan> {
  return publicPlan(await planImport(db, text, { lock: false }));
}

/* ------------------------------------------------------------------------------------------
 * Importing
 * ---------------------------------------------------------------------------------------- */

const productFields = (v: ProductValues) => ({
  name: v.name,
  categoryId: v.categoryId,
  shortDescription: v.shortDescription,
  description: v.description,
  dimensions: v.dimensions,
  attributes: v.attributes,
  images: v.images,
  regularPriceCents: v.regularPriceCents,
  salePriceCents: v.salePriceCents,
  stock: v.stock,
  featured: v.featured,
  published: v.published,
});
const variationFields = (v: VariationValues) => ({
  attributes: v.attributes,
  attributesKey: v.attributesKey,
  regularPriceCents: v.regularPriceCents,
  salePriceCents: v.salePriceCents,
  stock: v.stock,
  sortOrder: v.sortOrder,
});

/**
 * Imports the file: every row or none. A file with any problem writes nothing and answers the
 * problems (400, with the plan); otherwise one transaction writes every change and its audit
 * entries, and the shop's cached pages of the products touched expire.
 */
export async function importCatalogue(db: Db, text: string, audit: Audit): Promise<ImportPlan> {
  const { plan, touched } = await db.transaction(async (tx) => {
    const plan = await planImport(tx, text, { lock: true });
    if (plan.errors.length)
      throw new ApiError(
        400,
        "invalid_rows",
        `${plan.errors.length} row${plan.errors.length === 1 ? " has a problem" : "s have problems"}: nothing was imported`,
        { errors: plan.errors },
      );
    const now = new Date();
    const ids = new Map<string, number>();
    const creates = plan.productOps.filter((op) => !op.existing);
    if (creates.length) {
      const inserted = await tx
        .insert(products)
        .values(
          creates.map((op) => ({ slug: op.values.slug, ...productFields(op.values), createdAt: now, updatedAt: now })),
        )
        .returning({ id: products.id, slug: products.slug });
      for (const p of inserted) ids.set(p.slug, p.id);
    }
    const touched = new Set<string>(creates.map((op) => op.values.slug));
    for (const op of plan.productOps) {
      if (!op.existing) continue;
      ids.set(op.values.slug, op.existing.id);
      if (!op.changes.length) continue;
      touched.add(op.values.slug);
      await tx
        .update(products)
        .set({ ...productFields(op.values), updatedAt: now })
        .where(eq(products.id, op.existing.id));
      await audit(tx, {
        action: "product.import",
        entity: "product",
        entityId: String(op.existing.id),
        before: productFields({ ...op.existing, dimensions: op.existing.dimensions }),
        after: productFields(op.values),
      });
    }
    const missing = [...new Set(plan.variationOps.map((op) => op.parentSlug))].filter((s) => !ids.has(s));
    if (missing.length)
      for (const p of await tx
        .select({ id: products.id, slug: products.slug })
        .from(products)
        .where(inArray(products.slug, missing)))
        ids.set(p.slug, p.id);
    const newVariations = plan.variationOps.filter((op) => !op.existing);
    if (newVariations.length)
      await tx.insert(variations).values(
        newVariations.map((op) => ({
          productId: ids.get(op.parentSlug)!,
          sku: op.values.sku,
          ...variationFields(op.values),
        })),
      );
    for (const op of plan.variationOps) {
      if (!op.existing && op.changes.length) touched.add(op.parentSlug);
      if (!op.existing || !op.changes.length) continue;
      touched.add(op.parentSlug);
      await tx.update(variations).set(variationFields(op.values)).where(eq(variations.id, op.existing.id));
      await audit(tx, {
        action: "variation.import",
        entity: "variation",
        entityId: String(op.existing.id),
        before: variationFields(op.existing),
        after: variationFields(op.values),
      });
    }
    if (plan.summary.create || plan.summary.update)
      await audit(tx, {
        action: "catalog.import",
        entity: "catalog",
        entityId: "",
        before: null,
        after: {
          rows: plan.rows,
          created: plan.changes.filter((c) => c.action === "create").map((c) => c.sku),
          updated: plan.summary.update,
        },
      });
    return { plan, touched: [...touched].map((slug) => ({ slug, id: ids.get(slug)! })) };
  });
  for (const { slug } of touched) catalogueChanged(slug);
  if (touched.length) {
    await alertLowStock(
      db,
      touched.map((t) => t.id),
    );
    await notifyRestocked(
      db,
      touched.map((t) => t.id),
    );
  }
  return publicPlan(plan);
}
