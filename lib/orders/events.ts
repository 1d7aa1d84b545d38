import "server-only";
import { revalidateTag } from "next/cache";
import type { Db } from "@/lib/db/client";
import type { Order, OrderStatus } from "@/lib/db/schema";
import { CACHE_TAGS } from "@/lib/catalog/cache";
import { sendOrderStatusMail, sendShopNewOrderMail } from "@/lib/orders/mails";

/** Stock moved: catalogue pages show it within their cache life, or at once where Next can be told. */
export async function revalidateCatalog(): Promise<void> {
  try {
    revalidateTag(CACHE_TAGS.catalog, "max");
  } catch {
    // Outside a Next request (scripts, tests) there is no cache to clear.
  }
}

/** Side effects of an order changing status: catalogue stock, the customer's e-mail and the shop's. */
export async function onOrderStatusChanged(db: Db, order: Order, from: OrderStatus): Promise<void> {
  if (order.status === from) return;
  await revalidateCatalog();
  await sendOrderStatusMail(db, order, from);
  await sendShopNewOrderMail(db, order, from);
}
