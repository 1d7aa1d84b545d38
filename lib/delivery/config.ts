import type { Province } from "@/lib/forms/provinces";

/** A delivery window in working days after the order is taken. */
export type DeliveryDays = { from: number; to: number };

/** Anywhere in South Africa: the shop's delivery promise, the most working days any order takes. */
export const NATIONWIDE: DeliveryDays = { from: 10, to: 14 };

/**
 * The promise in words, as every page, e-mail, description and article says it ("delivered free
 * within 14 working days"), so no copy states a shorter or vaguer one.
 */
export const DELIVERY_TIME = `${NATIONWIDE.to} working days`;

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
