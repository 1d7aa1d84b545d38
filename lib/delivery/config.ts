import type { Province } from "@/lib/forms/provinces";
import { PROMISES } from "@/lib/config/site";

/** A delivery window in working days after the order is taken. */
export type DeliveryDays = { from: number; to: number };

/** Anywhere in South Africa: within the promised 14 working days. */
export const NATIONWIDE: DeliveryDays = { from: PROMISES.deliveryDays - 4, to: PROMISES.deliveryDays };

/**
 * Each province's window; a province missing here gets the nationwide one. The metros closest to
 * the workshops get there sooner.
 */
export const DELIVERY_BY_PROVINCE: Partial<Record<Province, DeliveryDays>> = {
  Gauteng: { from: 7, to: 10 },
  "Western Cape": { from: 7, to: 10 },
  "KwaZulu-Natal": { from: 8, to: 12 },
};

/** Orders taken after this hour (South African time) start counting the next working day. */
export const ORDER_CUTOFF_HOUR = 12;

export function deliveryDaysFor(province: string | undefined): DeliveryDays {
  return (province && DELIVERY_BY_PROVINCE[province as Province]) || NATIONWIDE;
}
