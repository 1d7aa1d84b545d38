import type { OrderStatus } from "@/lib/db/schema";
import type { Picture } from "@/lib/catalog/types";
import type { PaymentMethod } from "@/lib/payments/methods";

/**
 * An order as the account calls answer it (GET /api/orders-customer): snake_case like the rest of
 * the contract, money as strings of integer cents. Never carries the order's secrets.
 */
export type ApiAddress = {
  first_name: string;
  last_name: string;
  company: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  email: string;
  phone: string;
};

export type ApiOrderLine = {
  id: number;
  product_id: number | null;
  variation_id: number | null;
  name: string;
  slug: string;
  sku: string;
  variation: Record<string, string>;
  /** The drawing kept with the order when it was placed. */
  image: string;
  /** What the line shows: the product's photograph in the fabric bought, else the drawing kept. */
  picture: Picture;
  quantity: number;
  price: string;
  regular_price: string;
  discount: string;
  total: string;
};

export type ApiOrder = {
  id: number;
  number: string;
  status: OrderStatus;
  date_created: string;
  date_paid: string | null;
  /** Bank transfer: the moment an unpaid order is cancelled (the end of the day named to the customer). */
  pay_by: string | null;
  currency: "ZAR";
  payment_method: PaymentMethod;
  subtotal: string;
  discount_total: string;
  shipping_total: string;
  total: string;
  /** The VAT included in the total. */
  total_tax: string;
  coupon_code: string | null;
  item_count: number;
  line_items: ApiOrderLine[];
  shipping: ApiAddress;
  billing: ApiAddress;
  /** When the order left the workshop, and what staff wrote about its delivery. */
  date_dispatched: string | null;
  tracking_note: string;
  /** Money paid back, oldest first. */
  refunds: ApiRefund[];
};

export type ApiRefund = { amount: string; reason: string; date: string };

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Awaiting payment",
  processing: "Processing",
  "on-hold": "On hold",
  completed: "Completed",
  cancelled: "Cancelled",
  refunded: "Refunded",
  failed: "Payment failed",
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  payfast: "PayFast (card or EFT)",
  "bank-transfer": "Direct bank transfer",
  finchoice: "FinChoice instalments",
  payjustnow: "PayJustNow",
  ozow: "Ozow instant EFT",
};
