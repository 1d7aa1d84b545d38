import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { categories, coupons, products } from "@/lib/db/schema";
import { effectiveCents } from "@/lib/catalog/pricing";
import { productPictures, type Picture } from "@/lib/catalog/pictures";
import { categoryNoun, type Noun } from "@/lib/coupons/wording";
import { isCouponLive } from "@/lib/coupons/rules";

export { FREE_OTTOMAN } from "@/lib/coupons/free-ottoman";

export type FreeProductOffer = {
  code: string;
  /** False when the coupon is switched off, not started, expired or used up: the page says it has ended. */
  live: boolean;
  automatic: boolean;
  startsAt: Date | null;
  expiresAt: Date | null;
  usageLimitPerCustomer: number | null;
  /** The category whose items each earn one free product; null: any other item. */
  requires: { slug: string; name: string; noun: Noun } | null;
  product: { id: number; slug: string; name: string; priceCents: number; picture: Picture; inStock: boolean };
};

/**
 * A free-product coupon as its landing page tells it, read from the coupon's own row, so the
 * terms shown are the ones the cart applies. Null when there is no such coupon or product.
 */
export async function freeProductOffer(db: Db, code: string, now = new Date()): Promise<FreeProductOffer | null> {
  const [coupon] = await db.select().from(coupons).where(eq(coupons.code, code));
  if (!coupon || coupon.kind !== "free_product" || !coupon.freeProductId) return null;
  const [product] = await db.select().from(products).where(eq(products.id, coupon.freeProductId));
  if (!product || !product.published) return null;
  const [category] = coupon.requiresCategorySlug
    ? await db.select().from(categories).where(eq(categories.slug, coupon.requiresCategorySlug))
    : [];
  const [picture] = await productPictures(db, [{ product }]);
  return {
    code: coupon.code,
    live: isCouponLive(coupon, now),
    automatic: coupon.automatic,
    startsAt: coupon.startsAt,
    expiresAt: coupon.expiresAt,
    usageLimitPerCustomer: coupon.usageLimitPerCustomer,
    requires: coupon.requiresCategorySlug
      ? {
          slug: coupon.requiresCategorySlug,
          name: category?.name ?? categoryNoun(coupon.requiresCategorySlug).other,
          noun: categoryNoun(coupon.requiresCategorySlug),
        }
      : null,
    product: {
      id: product.id,
      slug: product.slug,
      name: product.name,
      priceCents: effectiveCents({ regularCents: product.regularPriceCents, saleCents: product.salePriceCents }),
      picture: picture!,
      inStock: product.stock > 0,
    },
  };
}
