import type { Coupon } from "@/lib/db/schema";
import { SHOP_OFFSET_MS } from "@/lib/config/shop-time";

/** The coupon form's fields as staff see and type them. */
export type CouponFormValues = {
  id: number | null;
  code: string;
  description: string;
  kind: "percent" | "fixed_cart" | "fixed_product" | "free_product";
  /** As typed: whole percent, or rands. */
  amount: string;
  freeProductId: string;
  requiresCategorySlug: string;
  minSpend: string;
  startsAt: string;
  expiresAt: string;
  usageLimit: string;
  usageLimitPerCustomer: string;
  productIds: number[];
  categorySlugs: string[];
  automatic: boolean;
  autoOrder: string;
  affiliate: boolean;
  active: boolean;
};

/** An instant as a datetime-local field shows it: South African time. */
export function saLocal(at: Date | null): string {
  return at ? new Date(at.getTime() + SHOP_OFFSET_MS).toISOString().slice(0, 16) : "";
}

const rands = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

export const NEW_COUPON: CouponFormValues = {
  id: null,
  code: "",
  description: "",
  kind: "percent",
  amount: "",
  freeProductId: "",
  requiresCategorySlug: "",
  minSpend: "",
  startsAt: "",
  expiresAt: "",
  usageLimit: "",
  usageLimitPerCustomer: "",
  productIds: [],
  categorySlugs: [],
  automatic: false,
  autoOrder: "0",
  affiliate: false,
  active: true,
};

export function couponFormValues(c: Coupon): CouponFormValues {
  return {
    id: c.id,
    code: c.code,
    description: c.description,
    kind: c.kind,
    amount: c.kind === "percent" ? String(c.amount) : c.kind === "free_product" ? "" : rands(c.amount),
    freeProductId: c.freeProductId === null ? "" : String(c.freeProductId),
    requiresCategorySlug: c.requiresCategorySlug ?? "",
    minSpend: rands(c.minSpendCents),
    startsAt: saLocal(c.startsAt),
    expiresAt: saLocal(c.expiresAt),
    usageLimit: c.usageLimit === null ? "" : String(c.usageLimit),
    usageLimitPerCustomer: c.usageLimitPerCustomer === null ? "" : String(c.usageLimitPerCustomer),
    productIds: c.productIds,
    categorySlugs: c.categorySlugs,
    automatic: c.automatic,
    autoOrder: String(c.autoOrder),
    affiliate: c.affiliate,
    active: c.active,
  };
}
