/** A price as a shop shows it: what you pay now, and the crossed-out regular price on sale. */
export type PricePoint = { regularCents: number; saleCents: number | null };

export type DisplayPrice = {
  /** What the shopper pays. */
  priceCents: number;
  /** Shown struck through when the item is on sale. */
  wasCents: number | null;
  /** Variable products before a choice: "From R …" when the options differ in price. */
  from: boolean;
};

/**
 * The one rule of a sale: a sale price counts only when it is above nothing and below the regular
 * price. At or above it, the item is not on sale and the regular price is what it costs. (The
 * database refuses such a row too, so its queries may take the sale price when there is one.)
 */
export function isOnSale(p: PricePoint): boolean {
  return p.saleCents !== null && p.saleCents > 0 && p.saleCents < p.regularCents;
}

/** What one unit costs a shopper: the sale price while it is a sale, else the regular price. */
export function effectiveCents(p: PricePoint): number {
  return isOnSale(p) ? p.saleCents! : p.regularCents;
}

export function pricePoint(p: PricePoint): DisplayPrice {
  return { priceCents: effectiveCents(p), wasCents: isOnSale(p) ? p.regularCents : null, from: false };
}

/**
 * The price of a product before a variation is chosen: the cheapest option, marked "from"
 * when options differ, struck through only if that cheapest option is itself on sale.
 */
export function displayPrice(product: PricePoint, variations: PricePoint[]): DisplayPrice {
  if (variations.length === 0) return pricePoint(product);
  const sorted = [...variations].sort((a, b) => effectiveCents(a) - effectiveCents(b));
  const cheapest = sorted[0]!;
  const dearest = sorted[sorted.length - 1]!;
  return { ...pricePoint(cheapest), from: effectiveCents(cheapest) !== effectiveCents(dearest) };
}

/** Percentage saved, rounded down, for a "Save 15%" badge. */
export function savingPercent(p: DisplayPrice): number | null {
  if (p.wasCents === null) return null;
  return Math.floor(((p.wasCents - p.priceCents) * 100) / p.wasCents);
}

export type StockStatus = "instock" | "outofstock";

export function stockStatus(stock: number): StockStatus {
  return stock > 0 ? "instock" : "outofstock";
}
