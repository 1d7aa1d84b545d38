import { ApiError } from "@/lib/api/errors";
import { SITE } from "@/lib/config/site";
import { formatMoney } from "@/lib/money/money";
import type { PaymentMethod } from "@/lib/payments/methods";

/**
 * What one unpaid order may hold, and how many unpaid orders one shopper may have at once. An
 * order takes its stock when it is placed and keeps it until it is paid or cancelled: an hour for
 * the gateways, days for a bank transfer. Without bounds one unpaid order could empty the shop.
 * Why these numbers is in docs/behaviour.md ("Checkout limits"); they are the owner's to change.
 */
export type OrderLimits = {
  /** Of one item (a product, or one fabric and size of it), in a cart line and in an order. */
  unitsPerLine: number;
  /** Different items in one order. */
  linesPerOrder: number;
  /** The most an unpaid order may come to: a bank transfer holds the stock for days, the rest for an hour. */
  orderValueCents: { bankTransfer: number; otherMethods: number };
  /** Unpaid orders at once, counted by each of the order's e-mail address, phone number and account. */
  unpaidOrders: { perEmail: number; perPhone: number; perCustomer: number };
};

/** How long an order waiting for a gateway holds its stock, from its placing or its latest payment attempt. */
export const PENDING_LIFETIME_MINUTES = 60;

export const ORDER_LIMITS: OrderLimits = {
  unitsPerLine: 10,
  linesPerOrder: 10,
  orderValueCents: { bankTransfer: 100_000_00, otherMethods: 250_000_00 },
  unpaidOrders: { perEmail: 3, perPhone: 3, perCustomer: 3 },
};

/** The most an unpaid order paid with `method` may come to. */
export function maxOrderCents(method: PaymentMethod, limits: OrderLimits = ORDER_LIMITS): number {
  return method === "bank-transfer" ? limits.orderValueCents.bankTransfer : limits.orderValueCents.otherMethods;
}

/** How a shopper with a large order reaches the shop: its own phone and address, never written out here. */
export const contactUs = () => `call us on ${SITE.phone} or e-mail ${SITE.email}`;

/** Codes of the refusals below, for a client that shows them its own way. */
export const LIMIT_CODES = {
  quantity: "quantity_limit",
  lines: "too_many_items",
  value: "order_too_large",
  unpaid: "too_many_unpaid_orders",
} as const;

/** More of one item than a line may hold; `inCart` already there when adding to a cart. */
export function quantityLimitError(label: string, inCart = 0, limits: OrderLimits = ORDER_LIMITS): ApiError {
  const max = limits.unitsPerLine;
  const already = inCart > 0 ? `, and ${inCart} ${inCart === 1 ? "is" : "are"} already in your cart` : "";
  return new ApiError(
    422,
    LIMIT_CODES.quantity,
    `You can order up to ${max} of ${label} at a time${already}. For more, please ${contactUs()} and we will arrange it with you.`,
    { item: label, max, in_cart: inCart },
  );
}

export type SizedOrder = {
  lines: Array<{ label: string; quantity: number }>;
  totalCents: number;
  paymentMethod: PaymentMethod;
};

/** Why an order is larger than one unpaid order may be, or null when it is not. */
export function orderSizeRefusal(order: SizedOrder, limits: OrderLimits = ORDER_LIMITS): ApiError | null {
  const heavy = order.lines.find((l) => l.quantity > limits.unitsPerLine);
  if (heavy) return quantityLimitError(heavy.label, 0, limits);
  if (order.lines.length > limits.linesPerOrder) {
    return new ApiError(
      422,
      LIMIT_CODES.lines,
      `An order can hold up to ${limits.linesPerOrder} different items, and this one has ${order.lines.length}. Please keep some for a second order, or ${contactUs()} about a larger order.`,
      { limit: "lines", max: limits.linesPerOrder, count: order.lines.length },
    );
  }
  return orderValueRefusal(order.totalCents, order.paymentMethod, limits);
}

/** Why an unpaid order of `totalCents` cannot be paid with `method`, or null when it can. */
export function orderValueRefusal(
  totalCents: number,
  method: PaymentMethod,
  limits: OrderLimits = ORDER_LIMITS,
): ApiError | null {
  const max = maxOrderCents(method, limits);
  if (totalCents <= max) return null;
  const data = { limit: "value", max: String(max), total: String(totalCents) };
  const online = Math.max(limits.orderValueCents.bankTransfer, limits.orderValueCents.otherMethods);
  if (method === "bank-transfer" && totalCents <= limits.orderValueCents.otherMethods) {
    return new ApiError(
      422,
      LIMIT_CODES.value,
      `We keep a bank-transfer order's pieces for you until the money clears, so we take bank transfers for orders of up to ${formatMoney(max)}. Please pay for this one by card or instant EFT, or ${contactUs()} and we will arrange it with you.`,
      { ...data, other_methods: true },
    );
  }
  return new ApiError(
    422,
    LIMIT_CODES.value,
    `Your order comes to ${formatMoney(totalCents)}, more than the ${formatMoney(online)} we can take online in one order. Please ${contactUs()}: we will gladly arrange it with you.`,
    { ...data, other_methods: false },
  );
}

export type UnpaidBy = "customer" | "email" | "phone";

/** The shopper already has as many unpaid orders as they may; `ordersUrl` where a customer finds them. */
export function tooManyUnpaidError(by: UnpaidBy, max: number, ordersUrl?: string): ApiError {
  const under = by === "customer" ? "" : by === "email" ? " under this e-mail address" : " under this phone number";
  const where = ordersUrl
    ? "you will find them in your account, under Orders."
    : "the e-mail we sent you for each order has a link to it.";
  return new ApiError(
    409,
    LIMIT_CODES.unpaid,
    `You already have ${max} orders waiting for payment${under}. Please pay for one of them, or cancel it, before placing another: ${where}`,
    { by, max, ...(ordersUrl ? { orders_url: ordersUrl } : {}) },
  );
}
