import "server-only";
import { z } from "zod";
import { recordAudit } from "@/lib/admin/audit";
import type { AdminContext } from "@/lib/admin/guard";
import type { Audit } from "@/lib/admin/change";
import { optionalRands, rands } from "@/lib/admin/money-input";
import { couponFields, newCouponFields } from "@/lib/admin/coupons";
import { exportIsAPost, type ExportedList } from "@/lib/admin/exports";
import type { CouponKind } from "@/lib/db/schema";
import { SHOP_UTC_OFFSET } from "@/lib/config/shop-time";
import { pageParam } from "@/lib/admin/list/query";
import { measurementFields, productEditFields, scheduleFields } from "@/lib/admin/product-form";

/** Each change written to the audit log as this member of staff, from this address. */
export function auditAs(ctx: AdminContext): Audit {
  return (tx, change) => recordAudit(tx, { staffId: ctx.staff.id, ip: ctx.ip, ...change });
}

const page = pageParam;
const search = z.string().trim().max(200).optional();
const id = z.coerce.number().int().positive().max(2_147_483_647);
/** Also every variation with the same value of this attribute ("Size"), or null: this one only. */
const alike = z.string().trim().min(1).max(60).nullable().default(null);
const wholeNumber = z.coerce.number({ error: "Enter a whole number" }).int({ error: "Enter a whole number" });

export const productListQuery = z.object({
  q: search,
  category: z.string().trim().max(100).optional(),
  stock: z.enum(["low", "out"]).optional().catch(undefined),
  page,
});

export const productAction = z.discriminatedUnion(
  "action",
  [
    z.object({
      action: z.literal("price"),
      variationId: id.nullable().default(null),
      regularPrice: rands,
      salePrice: optionalRands,
      alike,
    }),
    z.object({
      action: z.literal("stock"),
      variationId: id.nullable().default(null),
      mode: z.enum(["set", "add"], { error: "Choose set or add" }),
      quantity: wholeNumber,
    }),
    z.object({ action: z.literal("publish"), published: z.boolean() }),
    scheduleFields.extend({ action: z.literal("schedule") }),
    productEditFields.extend({ action: z.literal("details") }),
    z.object({ action: z.literal("duplicate") }),
    measurementFields.extend({
      action: z.literal("measurements"),
      variationId: id.nullable().default(null),
      alike,
    }),
  ],
  { error: "Choose price, stock, publish, schedule, details, duplicate or measurements" },
);

export const couponListQuery = z.object({
  q: search,
  state: z.enum(["active", "disabled", "automatic", "affiliate"]).optional().catch(undefined),
  page,
});

const typed = z
  .union([z.string(), z.number()])
  .optional()
  .transform((v) => (v === undefined ? "" : String(v).trim()));
const wholeOrEmpty = (what: string) =>
  typed
    .refine((v) => v === "" || /^\d{1,9}$/.test(v), { error: `${what} must be a whole number, or left empty` })
    .transform((v) => (v === "" ? null : Number(v)));
/** A time as staff pick it (2027-03-31T18:00, South African time) or written with its offset. */
const when = typed
  .refine((v) => v === "" || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/.test(v), {
    error: "Pick a date and time",
  })
  .transform((v) => (v === "" ? null : /(Z|[+-]\d{2}:\d{2})$/.test(v) ? v : `${v}${SHOP_UTC_OFFSET}`));

/**
 * The coupon form as staff fill it in: money in rands (the amount too, for a fixed discount;
 * a percentage is whole percent), times in South African time, empty meaning none.
 */
const couponFormFields = z
  .object({
    description: z.string().optional(),
    kind: z.string({ error: "Choose what the coupon gives" }),
    amount: typed,
    freeProductId: wholeOrEmpty("The free product"),
    requiresCategorySlug: typed,
    minSpend: optionalRands,
    startsAt: when,
    expiresAt: when,
    usageLimit: wholeOrEmpty("The usage limit"),
    usageLimitPerCustomer: wholeOrEmpty("The limit per customer"),
    productIds: z
      .array(z.coerce.number({ error: "must be product numbers" }))
      .max(200)
      .default([]),
    categorySlugs: z.array(z.string()).max(50).default([]),
    automatic: z.boolean().default(false),
    autoOrder: wholeOrEmpty("The order"),
    affiliate: z.boolean().default(false),
    active: z.boolean().default(true),
  })
  .superRefine((f, ctx) => {
    const fixed = f.kind === "fixed_cart" || f.kind === "fixed_product";
    if (fixed && !/^\d{1,7}([.,]\d{1,2})?$/.test(f.amount.replace(/[\sR\u00a0]/gi, "")))
      ctx.addIssue({ code: "custom", path: ["amount"], message: "Enter the amount off in rands, like 500.00" });
    if (f.kind === "percent" && !/^\d{1,3}$/.test(f.amount))
      ctx.addIssue({ code: "custom", path: ["amount"], message: "A percentage is a whole number from 1 to 100" });
    if (f.minSpend !== null && f.minSpend <= 0)
      ctx.addIssue({
        code: "custom",
        path: ["minSpend"],
        message: "The minimum spend must be more than R 0, or left empty",
      });
  })
  .transform((f) => {
    const fixed = f.kind === "fixed_cart" || f.kind === "fixed_product";
    const amount =
      f.kind === "free_product" || f.amount === ""
        ? 0
        : fixed
          ? Math.round(Number(f.amount.replace(/[\sR\u00a0]/gi, "").replace(",", ".")) * 100)
          : Number(f.amount);
    return {
      description: f.description ?? "",
      // Checked by couponFields, which the form is piped into.
      kind: f.kind as CouponKind,
      amount,
      freeProductId: f.freeProductId,
      requiresCategorySlug: f.requiresCategorySlug || null,
      minSpendCents: f.minSpend,
      startsAt: f.startsAt,
      expiresAt: f.expiresAt,
      usageLimit: f.usageLimit,
      usageLimitPerCustomer: f.usageLimitPerCustomer,
      productIds: f.productIds,
      categorySlugs: f.categorySlugs,
      automatic: f.automatic,
      autoOrder: f.autoOrder ?? 0,
      affiliate: f.affiliate,
      active: f.active,
    };
  });

/** Hands what one schema made to the next, whose problems stay on the same fields. */
function into<S extends z.ZodType>(schema: S) {
  return (value: unknown, ctx: z.RefinementCtx): z.output<S> => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    return z.NEVER;
  };
}

export const couponForm = couponFormFields.transform(into(couponFields));

export const newCouponForm = z
  .object({ code: z.string({ error: "Give the coupon a code" }) })
  .and(couponFormFields)
  .transform(into(newCouponFields));

export const couponAction = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("update"), coupon: couponForm }),
    z.object({ action: z.literal("enable") }),
    z.object({ action: z.literal("disable") }),
  ],
  { error: "Choose update, enable or disable" },
);

export const reviewListQuery = z.object({
  q: search,
  state: z.enum(["new", "published", "hidden"]).optional().catch(undefined),
  page,
});

export const reviewAction = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("publish") }),
    z.object({ action: z.literal("hide") }),
    z.object({ action: z.literal("reply"), reply: z.string().max(4000) }),
  ],
  { error: "Choose publish, hide or reply" },
);

/** A list call answers JSON; asked for its CSV, it names the export's own address (a POST). */
const jsonOnly = (list: ExportedList) => z.literal("json", { error: exportIsAPost(list) }).optional();

export const subscriberFilter = z.object({
  q: search,
  state: z.enum(["subscribed", "unsubscribed"]).optional().catch(undefined),
});
export const subscriberQuery = subscriberFilter.extend({ page, format: jsonOnly("newsletter_subscribers") });
export const entryFilter = z.object({ q: search, campaign: z.string().trim().max(100).optional() });
export const entryQuery = entryFilter.extend({ page, format: jsonOnly("giveaway_entries") });
export const messageFilter = z.object({
  q: search,
  state: z.enum(["open", "handled"]).optional().catch(undefined),
});
export const messageQuery = messageFilter.extend({ page, format: jsonOnly("contact_messages") });
export const messageAction = z.object({ handled: z.boolean({ error: "handled must be true or false" }) });
export const swatchFilter = z.object({
  q: search,
  state: z.enum(["waiting", "posted"]).optional().catch(undefined),
});
export const swatchQuery = swatchFilter.extend({ page, format: jsonOnly("swatch_requests") });
export const swatchAction = z.object({ posted: z.boolean({ error: "posted must be true or false" }) });
