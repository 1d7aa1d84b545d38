import { cacheLife } from "next/cache";
import { DeliveryWindowText } from "@/components/product/delivery-window";
import { deliveryTable, type DeliveryTable } from "@/lib/delivery/table";

/**
 * The delivery windows of the days ahead, worked out at most an hour ago (a cached value may read
 * the clock): the browser picks its own row, so a page cached for a while still names the right
 * days, and it ships no holiday or working-day code.
 */
export async function deliveryTableNow(): Promise<DeliveryTable> {
  "use cache";
  cacheLife("hours");
  return deliveryTable(new Date());
}

/** The product page's delivery estimate, with a choice of province. */
export async function DeliveryEstimate() {
  return <DeliveryWindowText table={await deliveryTableNow()} />;
}
