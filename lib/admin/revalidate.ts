import "server-only";
import { revalidateTag } from "next/cache";
import { CACHE_TAGS } from "@/lib/catalog/cache";
import { forgetCatalogueSlugs } from "@/lib/catalog/slugs";
import { REVIEW_TAGS } from "@/lib/reviews/cache";

/** The catalogue's cached reads expire now, so the next visitor sees the change. */
export function catalogueChanged(slug: string): void {
  expireNow(CACHE_TAGS.catalog);
  expireNow(CACHE_TAGS.product(slug));
}

/**
 * A product was shown, hidden, deleted or given a new address: its cached reads expire now (at
 * each address it had) and this process reads the known slugs afresh, so the shop answers 404,
 * the page or a 308 at once.
 */
export function productAddressChanged(slug: string, formerSlug: string | null = null): void {
  forgetCatalogueSlugs();
  catalogueChanged(slug);
  if (formerSlug) expireNow(CACHE_TAGS.product(formerSlug));
}

/** A product's reviews, the pages' star ratings and the home page's reviews expire now. */
export function reviewsChanged(productId: number): void {
  expireNow(REVIEW_TAGS.product(productId));
  expireNow(REVIEW_TAGS.reviews);
  expireNow(CACHE_TAGS.catalog);
}

/**
 * A category was added, changed or deleted: the catalogue's cached reads expire now, and this
 * process's list of known slugs (proxy.ts) is read afresh, so its address answers at once.
 */
export function categoriesChanged(): void {
  forgetCatalogueSlugs();
  expireNow(CACHE_TAGS.catalog);
}

/**
 * A fabric was added, changed or deleted: the catalogue's cached reads (the range with them: cards'
 * colours, swatches, filters) expire now on every process, and this process reads the fabric
 * slugs its addresses choose from afresh.
 */
export function fabricsChanged(): void {
  forgetCatalogueSlugs();
  expireNow(CACHE_TAGS.catalog);
}

function expireNow(tag: string): void {
  try {
    revalidateTag(tag, { expire: 0 });
  } catch (err) {
    // Outside a Next request (tests, scripts) there is no cache to expire.
    if (!(err instanceof Error && err.message.includes("static generation store missing"))) throw err;
  }
}

/**
 * The shop's settings changed (the payment methods offered, the bank account): the pages that show
 * them from the cache (the product page's instalment lines, the checkout) expire now on every
 * process.
 */
export function settingsChanged(): void {
  expireNow(CACHE_TAGS.catalog);
}
