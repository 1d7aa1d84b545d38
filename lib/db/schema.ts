import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { PaymentMethod } from "@/lib/payments/methods";
import type { Role, StaffRole } from "@/lib/admin/roles";
import type { OrderStatus } from "@/lib/orders/statuses";

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
  /**
   * Across its side when tilted back: from the bottom back corner to a straightedge laid from the
   * top of the back to the front of the arm. Absent from rows written before it was measured.
   */
  diagonalDepth?: number;
  /** A sleeper opened into a bed: from the wall to the foot of the mattress. */
  openLength?: number;
  /** What the piece weighs, in grams (shown in kilograms): how many people carry it upstairs. */
  weightGrams?: number;
  /** A piece delivered in sections or flat-packed, and the largest part that must get through a door. */
  arrivesIn?: {
    form: "sections" | "flat-pack";
    parts: number;
    largest: { name: string; width: number; depth: number; height: number; diagonalDepth?: number };
  };
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
  /** The picture on the category's tile; null: the card picture of its first product. */
  image: text("image"),
});

/**
 * A category's former slugs: when staff change a slug, the old address answers with a 308 to the
 * category's address now (proxy.ts). The row names the category, not its slug, so renaming again
 * never makes a chain; it goes with the category.
 */
export const categoryRedirects = pgTable("category_redirects", {
  fromSlug: text("from_slug").primaryKey(),
  categoryId: integer("category_id")
    .notNull()
    .references(() => categories.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The fabric range: every colour a product is made in. A variation names its fabric by name in its
 * attributes, so a fabric a product uses keeps its name and slug (lib/admin/fabrics.ts).
 */
export const fabrics = pgTable(
  "fabrics",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    /** Main colour of the upholstery. */
    hex: text("hex").notNull(),
    /** Darker tone for shadows, piping and seams. */
    shade: text("shade").notNull(),
    family: text("family").notNull(),
    note: text("note").notNull().default(""),
    /** Words shoppers search the colour by ("grey, taupe"), comma-separated; the name always finds it. */
    colourWords: text("colour_words").notNull().default(""),
    /** Weeks from the mill's order to a finished piece when this fabric has run out. */
    restockWeeks: integer("restock_weeks").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("fabrics_name_lower_uq").on(sql`lower(${t.name})`),
    check("fabrics_hex_colour", sql`${t.hex} ~ '^#[0-9a-f]{6}$' and ${t.shade} ~ '^#[0-9a-f]{6}$'`),
    check("fabrics_restock_weeks_range", sql`${t.restockWeeks} between 1 and 26`),
  ],
);

/**
 * What the fabrics page says of a family of fabrics ("Velvet"), by the family's name as fabrics
 * write it, whatever its case. A family without a row here shows its fabrics alone.
 */
export const fabricFamilies = pgTable(
  "fabric_families",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    about: text("about").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("fabric_families_name_lower_uq").on(sql`lower(${t.name})`)],
);

export type FabricFamily = typeof fabricFamilies.$inferSelect;

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
    /** What search engines and link previews show; empty: the name and the short description. */
    seoTitle: text("seo_title").notNull().default(""),
    seoDescription: text("seo_description").notNull().default(""),
    /** For a variable product these are the "from" prices; variations carry their own. */
    regularPriceCents: integer("regular_price_cents").notNull(),
    salePriceCents: integer("sale_price_cents"),
    /** Simple products only; a variable product's stock is its variations'. */
    stock: integer("stock").notNull().default(0),
    /** Set when the shop was told this product's stock fell under LOW_STOCK_THRESHOLD; cleared when it is back. */
    lowStockAlertedAt: timestamp("low_stock_alerted_at", { withTimezone: true }),
    featured: boolean("featured").notNull().default(false),
    published: boolean("published").notNull().default(true),
    /** A hidden product staff scheduled: the shop publishes it at this moment (lib/catalog/scheduled-publishing.ts). */
    publishAt: timestamp("publish_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("products_category_idx").on(t.categoryId),
    index("products_publish_at_idx")
      .on(t.publishAt)
      .where(sql`${t.publishAt} is not null`),
    index("products_created_idx").on(t.createdAt),
    check("products_price_positive", sql`${t.regularPriceCents} > 0`),
    check(
      "products_sale_below_regular",
      sql`${t.salePriceCents} is null or (${t.salePriceCents} > 0 and ${t.salePriceCents} < ${t.regularPriceCents})`,
    ),
    check("products_stock_non_negative", sql`${t.stock} >= 0`),
  ],
);

/**
 * A product's former slugs: when staff change a slug, the old address answers with a 308 to the
 * product's address now (proxy.ts), as a category's does. The row names the product, so renaming
 * again never makes a chain; it goes with the product.
 */
export const productRedirects = pgTable("product_redirects", {
  fromSlug: text("from_slug").primaryKey(),
  productId: integer("product_id")
    .notNull()
    .references(() => products.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Pictures staff uploaded, kept by the SHA-256 of their stored bytes (lib/media/store.ts): in the
 * database, so one backup holds the whole shop and every process serves them.
 */
export const media = pgTable(
  "media",
  {
    hash: text("hash").primaryKey(),
    contentType: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    byteSize: integer("byte_size").notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("media_hash_hex", sql`${t.hash} ~ '^[0-9a-f]{64}$'`),
    check("media_size_positive", sql`${t.width} > 0 and ${t.height} > 0 and ${t.byteSize} > 0`),
  ],
);

/** A product's photographs in the shop's order; `fabric` null: shown whatever the fabric. */
export const productPhotos = pgTable(
  "product_photos",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    alt: text("alt").notNull(),
    fabric: text("fabric"),
    isCard: boolean("is_card").notNull().default(false),
    mediaHash: text("media_hash")
      .notNull()
      .references(() => media.hash),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("product_photos_product_idx").on(t.productId, t.position),
    uniqueIndex("product_photos_one_card")
      .on(t.productId)
      .where(sql`${t.isCard}`),
    check("product_photos_alt_present", sql`length(btrim(${t.alt})) > 0`),
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
    /** This option's own measurements (a 3 seater's, a king's); null: the product's. */
    dimensions: jsonb("dimensions").$type<Dimensions>(),
    regularPriceCents: integer("regular_price_cents").notNull(),
    salePriceCents: integer("sale_price_cents"),
    stock: integer("stock").notNull().default(0),
    lowStockAlertedAt: timestamp("low_stock_alerted_at", { withTimezone: true }),
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

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The search index, one row per product: what search matches it on (its name, category, fabrics
 * and sizes, folded to plain lower-case letters) and what a results page sorts, filters and counts
 * by (price, stock, fabrics...), so a search reads this one table. Written by database triggers
 * (drizzle/0010_product_search.sql, 0013_search_index.sql) whenever a product, its variations or
 * its category change, so every path that writes them keeps it current.
 */
export const productSearch = pgTable(
  "product_search",
  {
    productId: integer("product_id")
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    document: text("document").notNull(),
    vector: tsvector("vector").notNull(),
    categoryId: integer("category_id").notNull().default(0),
    published: boolean("published").notNull().default(false),
    featured: boolean("featured").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The lowest price a shopper pays today, integer cents (the cheapest variation's, or the product's own). */
    priceCents: integer("price_cents").notNull().default(0),
    /** Whether a shopper can buy it today: a variation in stock, or a simple product's own stock. */
    inStock: boolean("in_stock").notNull().default(false),
    fabrics: text("fabrics")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    index("product_search_vector_idx").using("gin", t.vector),
    index("product_search_document_trgm_idx").using("gin", t.document.op("gin_trgm_ops")),
  ],
);

/** Each product's words, for correcting a misspelt search; products on sale only. */
export const searchTerms = pgTable(
  "search_terms",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    term: text("term").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.term] }),
    index("search_terms_term_trgm_idx").using("gin", t.term.op("gin_trgm_ops")),
  ],
);

/**
 * The catalogue's words, each once, with how many products on sale use it: what a misspelling is
 * matched against (a few hundred rows, where `search_terms` has one per product and word).
 */
export const searchWords = pgTable(
  "search_words",
  {
    term: text("term").primaryKey(),
    products: integer("products").notNull(),
  },
  (t) => [index("search_words_term_trgm_idx").using("gin", t.term.op("gin_trgm_ops"))],
);

export type Category = typeof categories.$inferSelect;
export type NewCategory = typeof categories.$inferInsert;
export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type Variation = typeof variations.$inferSelect;
export type NewVariation = typeof variations.$inferInsert;
export type Media = typeof media.$inferSelect;
export type ProductPhoto = typeof productPhotos.$inferSelect;

/* ------------------------------------------------------------------------------------------
 * Customers and sessions (accounts issue)
 * ---------------------------------------------------------------------------------------- */

export type Address = {
  firstName: string;
  lastName: string;
  companyName?: string;
  streetAddress1: string;
  streetAddress2?: string;
  city: string;
  province: string;
  postcode: string;
  country: string;
  email?: string;
  phone?: string;
};

export const customers = pgTable(
  "customers",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    phone: text("phone").notNull().default(""),
    shipping: jsonb("shipping").$type<Partial<Address>>().notNull().default({}),
    billing: jsonb("billing").$type<Partial<Address>>().notNull().default({}),
    marketingConsentAt: timestamp("marketing_consent_at", { withTimezone: true }),
    /** Who may use the back office (lib/admin/roles.ts). */
    role: text("role").$type<Role>().notNull().default("customer"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("customers_email_uq").on(sql`lower(${t.email})`),
    index("customers_role_idx")
      .on(t.role)
      .where(sql`${t.role} <> 'customer'`),
    check("customers_role", sql`${t.role} in ('customer', 'staff', 'admin')`),
  ],
);

/** One row per signed-in browser; the sealed token names its id, so a session can be revoked. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    userAgent: text("user_agent").notNull().default(""),
  },
  (t) => [index("sessions_customer_idx").on(t.customerId)],
);

export const passwordResetCodes = pgTable(
  "password_reset_codes",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("password_reset_codes_customer_idx").on(t.customerId)],
);

/** Every e-mail the shop sends; without SMTP this is where a developer reads them. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    error: text("error"),
  },
  (t) => [
    index("mail_outbox_created_idx").on(t.createdAt),
    index("mail_outbox_unsent_idx")
      .on(t.createdAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/** Fixed-window counters shared by every app process (rate limits). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/* ------------------------------------------------------------------------------------------
 * Carts and coupons (cart issue)
 * ---------------------------------------------------------------------------------------- */

export const carts = pgTable(
  "carts",
  {
    id: serial("id").primaryKey(),
    /** Random and unguessable; how a guest's browser finds its cart. */
    cartKey: text("cart_key").notNull().unique(),
    /** A signed-in customer's cart; at most one per customer. */
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    couponCode: text("coupon_code"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("carts_customer_uq").on(t.customerId)],
);

export const cartItems = pgTable(
  "cart_items",
  {
    id: serial("id").primaryKey(),
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    itemKey: text("item_key").notNull().unique(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variationId: integer("variation_id").references(() => variations.id, { onDelete: "cascade" }),
    /** 0 for a simple product, so the unique line index treats "no variation" as a value. */
    variationKey: integer("variation_key").notNull().default(0),
    quantity: integer("quantity").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("cart_items_line_uq").on(t.cartId, t.productId, t.variationKey),
    check("cart_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

export type CouponKind = "percent" | "fixed_cart" | "fixed_product" | "free_product";

export const coupons = pgTable(
  "coupons",
  {
    id: serial("id").primaryKey(),
    /** Stored upper-case; codes are matched case-insensitively. */
    code: text("code").notNull().unique(),
    description: text("description").notNull().default(""),
    kind: text("kind").$type<CouponKind>().notNull(),
    /** percent: whole percent (1-100); fixed_*: cents; free_product: unused (0). */
    amount: integer("amount").notNull().default(0),
    /** free_product: the product that becomes free. */
    freeProductId: integer("free_product_id").references(() => products.id),
    /** free_product: a product of this category must be in the cart too. */
    requiresCategorySlug: text("requires_category_slug"),
    minSpendCents: integer("min_spend_cents"),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    usageLimit: integer("usage_limit"),
    usageLimitPerCustomer: integer("usage_limit_per_customer"),
    usedCount: integer("used_count").notNull().default(0),
    /** Restrictions: the discount applies only to these products / categories (empty: all). */
    productIds: jsonb("product_ids").$type<number[]>().notNull().default([]),
    categorySlugs: jsonb("category_slugs").$type<string[]>().notNull().default([]),
    automatic: boolean("automatic").notNull().default(false),
    autoOrder: integer("auto_order").notNull().default(0),
    affiliate: boolean("affiliate").notNull().default(false),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("coupons_kind", sql`${t.kind} in ('percent', 'fixed_cart', 'fixed_product', 'free_product')`),
    check("coupons_amount", sql`${t.amount} >= 0 and (${t.kind} <> 'percent' or ${t.amount} <= 100)`),
    check("coupons_used_within_limit", sql`${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit}`),
  ],
);

/** One row per use of a coupon by an order; per-customer limits count these. */
export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: serial("id").primaryKey(),
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id),
    orderId: integer("order_id"),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    /** The address as the per-customer limit counts it: lib/coupons/customer-email.ts. */
    emailNormalized: text("email_normalized").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("coupon_redemptions_coupon_email_idx").on(t.couponId, t.emailNormalized),
    index("coupon_redemptions_coupon_customer_idx").on(t.couponId, t.customerId),
  ],
);

/* ------------------------------------------------------------------------------------------
 * Reviews, newsletter, contact and giveaways (content issue)
 * ---------------------------------------------------------------------------------------- */

export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    rating: integer("rating").notNull(),
    published: boolean("published").notNull().default(true),
    verifiedBuyer: boolean("verified_buyer").notNull().default(false),
    /** When staff last published or hid it; null: nobody has looked at it yet. */
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    /** The shop's answer, shown under the review. */
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reviews_product_email_uq").on(t.productId, sql`lower(${t.email})`),
    index("reviews_product_idx").on(t.productId),
    check("reviews_rating", sql`${t.rating} between 1 and 5`),
  ],
);

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    /** Where consent was given (footer, home, checkout) and when: POPIA s11 puts the proof on us. */
    consentSource: text("consent_source").notNull(),
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull().defaultNow(),
    unsubscribeToken: text("unsubscribe_token").notNull().unique(),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("newsletter_email_uq").on(sql`lower(${t.email})`)],
);

export const contactMessages = pgTable("contact_messages", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull().default(""),
  message: text("message").notNull(),
  ip: text("ip").notNull().default(""),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  handledAt: timestamp("handled_at", { withTimezone: true }),
  handledBy: integer("handled_by").references(() => customers.id, { onDelete: "set null" }),
});

/**
 * Free fabric swatches posted to a shopper (lib/swatches): up to five fabrics per request, one
 * request per address in 30 days (address_key: the street and postcode, folded), posted by staff.
 */
export const swatchRequests = pgTable(
  "swatch_requests",
  {
    id: serial("id").primaryKey(),
    fabrics: jsonb("fabrics").$type<string[]>().notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    streetAddress1: text("street_address1").notNull(),
    streetAddress2: text("street_address2").notNull().default(""),
    city: text("city").notNull(),
    province: text("province").notNull(),
    postcode: text("postcode").notNull(),
    addressKey: text("address_key").notNull(),
    ip: text("ip").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    postedAt: timestamp("posted_at", { withTimezone: true }),
    postedBy: integer("posted_by").references(() => customers.id, { onDelete: "set null" }),
  },
  (t) => [
    index("swatch_requests_address_idx").on(t.addressKey, t.createdAt),
    index("swatch_requests_created_idx").on(t.createdAt),
  ],
);

export const giveawayEntries = pgTable(
  "giveaway_entries",
  {
    id: serial("id").primaryKey(),
    campaign: text("campaign").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    province: text("province").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("giveaway_entries_campaign_email_uq").on(t.campaign, sql`lower(${t.email})`)],
);

export type Customer = typeof customers.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type Cart = typeof carts.$inferSelect;
export type CartItem = typeof cartItems.$inferSelect;
export type Coupon = typeof coupons.$inferSelect;
export type NewCoupon = typeof coupons.$inferInsert;
export type Review = typeof reviews.$inferSelect;

/* ------------------------------------------------------------------------------------------
 * Orders and payments (checkout issue)
 * ---------------------------------------------------------------------------------------- */

export type { OrderStatus };

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    /** What the shopper and staff quote: "KL-100042". */
    number: text("number").notNull().unique(),
    /** Secret: a guest sees the order only with this in the link. */
    orderKey: text("order_key").notNull().unique(),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    /**
     * The e-mail address in the one spelling per mailbox (normaliseEmail), by which a shopper's
     * unpaid orders are counted. Null only on orders written outside the checkout.
     */
    emailNormalized: text("email_normalized"),
    /** E.164 ("+27821234567"). */
    phone: text("phone").notNull(),
    status: text("status").$type<OrderStatus>().notNull().default("pending"),
    paymentMethod: text("payment_method").$type<PaymentMethod>().notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    shippingCents: integer("shipping_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    couponCode: text("coupon_code"),
    shipping: jsonb("shipping").$type<Address>().notNull(),
    billing: jsonb("billing").$type<Address>().notNull(),
    marketingConsent: boolean("marketing_consent").notNull().default(false),
    /**
     * Whose submit the key belongs to ("cart:12" for a guest, "customer:7" when signed in): a key
     * replays an order only to the cart or customer that placed it, and anyone else may use it too.
     * Empty for orders written outside the checkout, whose keys replay to nobody.
     */
    idempotencyScope: text("idempotency_scope").notNull().default(""),
    idempotencyKey: text("idempotency_key").notNull(),
    /** Provider's reference for this order's payment session (PayJustNow token, Ozow transaction…). */
    paymentReference: text("payment_reference"),
    /** Per-order secret for provider callbacks that carry no signature (PayJustNow's slug). */
    paymentSecret: text("payment_secret").notNull().unique(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** Bank transfer: when an unpaid order on hold is cancelled (lib/orders/bank-transfer-hold.ts). */
    payBy: timestamp("pay_by", { withTimezone: true }),
    /** Set once, under the order's row lock, by the process that sends the payment reminder. */
    paymentReminderSentAt: timestamp("payment_reminder_sent_at", { withTimezone: true }),
    /** Set by staff when the order leaves the workshop; the status stays processing until delivered. */
    dispatchedAt: timestamp("dispatched_at", { withTimezone: true }),
    trackingNote: text("tracking_note").notNull().default(""),
    /** What staff have paid back so far (order_refunds holds each refund). */
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** When staff put the order's items back in stock with a refund (once: they came back). */
    restockedAt: timestamp("restocked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("orders_customer_idx").on(t.customerId),
    index("orders_email_normalized_idx").on(t.emailNormalized),
    index("orders_phone_idx").on(t.phone),
    index("orders_status_pay_by_idx").on(t.status, t.payBy),
    index("orders_status_created_idx").on(t.status, t.createdAt),
    uniqueIndex("orders_idempotency_uq").on(t.idempotencyScope, t.idempotencyKey),
    check(
      "orders_status",
      sql`${t.status} in ('pending', 'processing', 'on-hold', 'completed', 'cancelled', 'refunded', 'failed')`,
    ),
    check(
      "orders_totals",
      sql`${t.totalCents} >= 0 and ${t.totalCents} = ${t.subtotalCents} - ${t.discountCents} + ${t.shippingCents}`,
    ),
    check("orders_refunded", sql`${t.refundedCents} between 0 and ${t.totalCents}`),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    variationId: integer("variation_id").references(() => variations.id, { onDelete: "set null" }),
    /** As sold: later catalogue edits do not change an order. */
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    sku: text("sku").notNull().default(""),
    variation: jsonb("variation").$type<Record<string, string>>().notNull().default({}),
    image: text("image").notNull().default(""),
    quantity: integer("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    unitRegularCents: integer("unit_regular_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
  },
  (t) => [index("order_lines_order_idx").on(t.orderId), check("order_lines_quantity", sql`${t.quantity} > 0`)],
);

/** Each verified message from a payment provider; the unique key makes replays harmless. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider").$type<PaymentMethod>().notNull(),
    /** pf_payment_id, Ozow TransactionId, PayJustNow token… */
    providerReference: text("provider_reference").notNull(),
    status: text("status").notNull(),
    amountCents: integer("amount_cents").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payment_events_provider_ref_status_uq").on(t.provider, t.providerReference, t.status)],
);

/** Every change of an order's status: by whom (null: the shop itself, or a payment provider), when, and why. */
export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status").$type<OrderStatus>(),
    toStatus: text("to_status").$type<OrderStatus>().notNull(),
    staffId: integer("staff_id").references(() => customers.id, { onDelete: "set null" }),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_status_history_order_idx").on(t.orderId, t.createdAt)],
);

/** Money paid back to a customer, in part or in full, with the reason staff gave. */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    staffId: integer("staff_id").references(() => customers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_refunds_order_idx").on(t.orderId), check("order_refunds_amount", sql`${t.amountCents} > 0`)],
);

export type Order = typeof orders.$inferSelect;
export type OrderLine = typeof orderLines.$inferSelect;

/* ------------------------------------------------------------------------------------------
 * Back office
 * ---------------------------------------------------------------------------------------- */

/**
 * Every change made in the back office (who, when, what before and after, from where), and every
 * bulk read or export of personal data (the list, its filter and how many rows).
 */
export const adminAudit = pgTable(
  "admin_audit",
  {
    id: serial("id").primaryKey(),
    staffId: integer("staff_id").references(() => customers.id, { onDelete: "set null" }),
    /** Kept as written, so the entry still names its author after the account is gone. */
    staffEmail: text("staff_email").notNull(),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before").$type<unknown>(),
    after: jsonb("after").$type<unknown>(),
    ip: text("ip").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("admin_audit_created_idx").on(t.createdAt), index("admin_audit_entity_idx").on(t.entity, t.entityId)],
);

export type AdminAuditEntry = typeof adminAudit.$inferSelect;

/**
 * The back office is given by invitation only: a link with a token e-mailed to the address, which
 * its owner accepts by setting a new password. Only a hash of the token is kept. An invitation
 * ends one way: accepted, withdrawn by an admin, or replaced by a newer one to the same address.
 */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: serial("id").primaryKey(),
    /** Trimmed and lower-cased, as an account's address is compared. */
    email: text("email").notNull(),
    role: text("role").$type<StaffRole>().notNull(),
    /** SHA-256 of the link's token, in hex. */
    tokenHash: text("token_hash").notNull(),
    invitedBy: integer("invited_by").references(() => customers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    replacedAt: timestamp("replaced_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("staff_invitations_token_uq").on(t.tokenHash),
    // One open invitation per address: a new one must end the one before it.
    uniqueIndex("staff_invitations_open_uq")
      .on(t.email)
      .where(sql`${t.acceptedAt} is null and ${t.withdrawnAt} is null and ${t.replacedAt} is null`),
    check("staff_invitations_role", sql`${t.role} in ('staff', 'admin')`),
    check("staff_invitations_email", sql`${t.email} = lower(btrim(${t.email}))`),
    check("staff_invitations_one_end", sql`num_nonnulls(${t.acceptedAt}, ${t.withdrawnAt}, ${t.replacedAt}) <= 1`),
  ],
);

export type StaffInvitation = typeof staffInvitations.$inferSelect;

/* ------------------------------------------------------------------------------------------
 * Saved items and back-in-stock alerts
 * ---------------------------------------------------------------------------------------- */

/** A product (and its chosen variation) a customer saved, with the price it had then. */
export const savedItems = pgTable(
  "saved_items",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variationId: integer("variation_id").references(() => variations.id, { onDelete: "cascade" }),
    /** 0 for no variation, so the unique index treats "no variation" as a value. */
    variationKey: integer("variation_key").notNull().default(0),
    priceCentsAtSave: integer("price_cents_at_save").notNull(),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("saved_items_line_uq").on(t.customerId, t.productId, t.variationKey),
    check("saved_items_price_positive", sql`${t.priceCentsAtSave} > 0`),
  ],
);

/** A customer's saved list's share link: the token is random (24 bytes) and the only way in. */
export const savedLists = pgTable("saved_lists", {
  customerId: integer("customer_id")
    .primaryKey()
    .references(() => customers.id, { onDelete: "cascade" }),
  shareToken: text("share_token").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * "E-mail me when it's back": alerts only once confirmed from the e-mailed link (double opt-in,
 * POPIA), and once only: notified_at is set in the transaction that writes the e-mail.
 */
export const restockRequests = pgTable(
  "restock_requests",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variationId: integer("variation_id").references(() => variations.id, { onDelete: "cascade" }),
    variationKey: integer("variation_key").notNull().default(0),
    confirmToken: text("confirm_token").notNull().unique(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("restock_requests_item_uq").on(sql`lower(${t.email})`, t.productId, t.variationKey),
    index("restock_requests_waiting_idx")
      .on(t.productId)
      .where(sql`${t.confirmedAt} is not null and ${t.notifiedAt} is null`),
  ],
);

/**
 * The shop's settings that staff change in the back office, one row per part ("bank-account",
 * "payment-methods"), each a document validated by its schema in lib/settings/schema.ts.
 */
export const shopSettings = pgTable("shop_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
