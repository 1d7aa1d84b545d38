import "server-only";
import { cacheLife, cacheTag } from "next/cache";
import { getDb } from "@/lib/db/client";
import { CACHE_TAGS } from "@/lib/catalog/cache";
import { offeredPaymentMethods } from "@/lib/payments/availability";
import type { PaymentMethod } from "@/lib/payments/methods";

/*
 * Cached reads of the settings for pages served from the cache (the product page's instalment
 * lines, the checkout's methods). Saving settings expires the catalogue's tag with them
 * (lib/admin/revalidate.ts), so every process shows the change at its next request. As with the
 * catalogue's reads, a page awaits databaseReads() before the first.
 */

/** The payment methods shoppers are offered, in the checkout's order. */
export async function getOfferedPaymentMethods(): Promise<PaymentMethod[]> {
  "use cache";
  cacheLife("minutes");
  cacheTag(CACHE_TAGS.catalog);
  return offeredPaymentMethods(await getDb());
}
