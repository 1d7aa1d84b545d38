import type { Picture } from "@/lib/catalog/types";

/** The server cart every cart call answers with; money as strings of integer cents. */
export type ServerCartItem = {
  item_key: string;
  id: number;
  variation_id: number | null;
  name: string;
  slug: string;
  sku: string;
  /** The picture's address (picture.src), for clients that read only this. */
  image: string;
  /** What the line shows: the product's photograph in the fabric chosen, else its drawing. */
  picture: Picture;
  category: string;
  variation: Record<string, string>;
  quantity: { value: number; max_purchase: number };
  price: string;
  price_regular: string;
  totals: { subtotal: string; discount: string; total: string };
};

export type ServerCart = {
  /** null while the shopper has no cart (nothing added yet). */
  cart_key: string | null;
  item_count: number;
  items: ServerCartItem[];
  coupons: Array<{ coupon: string; discount: string; description: string }>;
  /** A code on the cart that no longer applies, and why: not counted, and taken off by the next change. */
  notices: Array<{ code: string; message: string }>;
  /**
   * A free product the cart's offer gives when it is added (a couch in the cart, the ottoman not
   * yet): added in one click, it costs nothing. Priced by the server; never more than one offer.
   */
  offers: Array<{
    coupon: string;
    product_id: number;
    name: string;
    slug: string;
    image: string;
    picture: Picture;
    price: string;
  }>;
  totals: { subtotal: string; total: string; discount_total: string; shipping_total: string; vat_total: string };
};

/** A shopper with no cart yet: nothing is stored until the first add. */
export function emptyServerCart(): ServerCart {
  return {
    cart_key: null,
    item_count: 0,
    items: [],
    coupons: [],
    notices: [],
    offers: [],
    totals: { subtotal: "0", total: "0", discount_total: "0", shipping_total: "0", vat_total: "0" },
  };
}
