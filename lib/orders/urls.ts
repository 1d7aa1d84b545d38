/**
 * Where an order is shown. The checkout's order page takes the order's secret key in its link
 * (e-mails, gateway returns), so a guest can come back to it; the account's order page is for
 * its signed-in owner.
 */

type OrderRef = { id: number; orderKey: string };

/** /checkout/order/{id}: the proxy's guard matches it (the id as the first group). */
export const CHECKOUT_ORDER_PAGE = /^\/checkout\/order\/([^/]+)\/?$/;
/** /my-account/view-order/{id or number}. */
export const ACCOUNT_ORDER_PAGE = /^\/my-account\/view-order\/([^/]+)\/?$/;

export function checkoutOrderPath(id: number | string): string {
  return `/checkout/order/${encodeURIComponent(String(id))}`;
}

/** The order page with its key, relative: where the checkout and every provider send the shopper. */
export function orderPagePath(order: OrderRef): string {
  return `${checkoutOrderPath(order.id)}?key=${encodeURIComponent(order.orderKey)}`;
}

/** The same, absolute on `base` (e-mails, a provider's return address). */
export function orderPageUrl(order: OrderRef, base: string): string {
  return `${base}${orderPagePath(order)}`;
}

/** Where a signed-in customer finds every order of theirs. */
export const ACCOUNT_ORDERS_PATH = "/my-account/orders";

export function accountOrderPath(slug: number | string): string {
  return `/my-account/view-order/${encodeURIComponent(String(slug))}`;
}
