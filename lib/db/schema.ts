import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** Measurements in centimetres, as a showroom tag gives them. */
export type Dimensions = {
  width: number;
  depth: number;
  height: number;
  seatHeight?: number;
  seatDepth?: number;
  armLength?: number;
  armHeight?: number;
  legHeight?: number;
  sleepingArea?: string;
};

export type ProductAttribute = { name: string; options: string[] };
export type SpecRow = { label: string; value: string };
/** How the product drawing script pictures this product; see lib/drawing. */
export type DrawingSpec = Record<string, string | number | boolean>;
export type ProductImage = { src: string; alt: string };

export const categories = pgTable("categories", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    shortDescription: text("short_description").notNull().default(""),
    description: text("description").notNull().default(""),
    features: jsonb("features").$type<string[]>().notNull().default([]),
    specs: jsonb("specs").$type<SpecRow[]>().notNull().default([]),
    dimensions: jsonb("dimensions").$type<Dimensions>().notNull(),
    care: text("care").notNull().default(""),
    attributes: jsonb("attributes").$type<ProductAttribute[]>().notNull().default([]),
    drawing: jsonb("drawing").$type<DrawingSpec>().notNull().default({}),
    images: jsonb("images").$type<ProductImage[]>().notNull().default([]),
    /** For a variable product these are the "from" prices; variations carry their own. */
    regularPriceCents: integer("regular_price_cents").notNull(),
    salePriceCents: integer("sale_price_cents"),
    /** Simple products only; a variable product's stock is its variations'. */
    stock: integer("stock").notNull().default(0),
    featured: boolean("featured").notNull().default(false),
    published: boolean("published").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("products_category_idx").on(t.categoryId),
    index("products_created_idx").on(t.createdAt),
    check("products_price_positive", sql`${t.regularPriceCents} > 0`),
    check(
      "products_sale_below_regular",
      sql`${t.salePriceCents} is null or (${t.salePriceCents} > 0 and ${t.salePriceCents} < ${t.regularPriceCents})`,
    ),
    check("products_stock_non_negative", sql`${t.stock} >= 0`),
  ],
);

export const variations = pgTable(
  "variations",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sku: text("sku").notNull().unique(),
    /** Attribute name -> chosen option, e.g. { Fabric: "Charcoal", Size: "3 Seater" }. */
    attributes: jsonb("attributes").$type<Record<string, string>>().notNull(),
    /** Canonical "Name=Option|Name=Option" (names sorted) so the database rejects duplicates. */
    attributesKey: text("attributes_key").notNull(),
    regularPriceCents: integer("regular_price_cents").notNull(),
    salePriceCents: integer("sale_price_cents"),
    stock: integer("stock").notNull().default(0),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    uniqueIndex("variations_product_attributes_uq").on(t.productId, t.attributesKey),
    index("variations_product_idx").on(t.productId),
    check("variations_price_positive", sql`${t.regularPriceCents} > 0`),
    check(
      "variations_sale_below_regular",
      sql`${t.salePriceCents} is null or (${t.salePriceCents} > 0 and ${t.salePriceCents} < ${t.regularPriceCents})`,
    ),
    check("variations_stock_non_negative", sql`${t.stock} >= 0`),
  ],
);

export type Category = typeof categories.$inferSelect;
export type NewCategory = typeof categories.$inferInsert;
export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type Variation = typeof variations.$inferSelect;
export type NewVariation = typeof variations.$inferInsert;
