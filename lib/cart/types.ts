/** The server cart every cart call answers with (SPEC section 3; money as cents strings). */
export type ServerCartItem = {
  item_key: string;
  id: number;
  variation_id: number | null;
  name: string;
  slug: string;
  sku: string;
  image: string;
  category: string;
  variation: Record<string, string>;
  quantity: { value: number; max_purchase: number };
  price: string;
  price_regular: string;
  totals: { subtotal: string; discount: string; total: string };
};

export type ServerCart = {
  cart_key: string;
  item_count: number;
  items: ServerCartItem[];
  coupons: Array<{ coupon: string; discount: string; description: string }>;
  /** A coupon the cart had but that no longer applies, and why (it has been removed). */
  notices: Array<{ code: string; message: string }>;
  totals: { subtotal: string; total: string; discount_total: string; shipping_total: string; vat_total: string };
};
