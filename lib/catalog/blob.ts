import { centsString } from "@/lib/money/money";
import { effectiveCents, isOnSale, stockStatus } from "@/lib/catalog/pricing";
import type { ProductDetail } from "@/lib/catalog/types";

/** A product as /api/products-blob writes it: money as cents strings. */
export type BlobProduct = ReturnType<typeof toBlobProduct>;

const point = (v: ProductDetail["variations"][number]) => ({
  regularCents: v.regularPriceCents,
  saleCents: v.salePriceCents,
});

export function toBlobProduct(p: ProductDetail) {
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    permalink: `/product/${p.slug}`,
    categories: [{ slug: p.categorySlug, name: p.categoryName }],
    short_description: p.shortDescription,
    price: centsString(p.price.priceCents),
    regular_price: centsString(p.price.wasCents ?? p.price.priceCents),
    on_sale: p.price.wasCents !== null,
    price_from: p.price.from,
    stock_status: p.inStock ? "instock" : "outofstock",
    stock_quantity: p.variations.length === 0 ? p.stock : null,
    type: p.variations.length > 0 ? "variable" : "simple",
    images: p.images,
    attributes: p.attributes,
    variations: Object.fromEntries(
      p.variations.map((v) => [
        String(v.id),
        {
          id: v.id,
          sku: v.sku,
          price: centsString(effectiveCents(point(v))),
          regular_price: centsString(v.regularPriceCents),
          sale_price: isOnSale(point(v)) ? centsString(v.salePriceCents!) : "",
          stock_status: stockStatus(v.stock),
          stock_quantity: v.stock,
          attributes: Object.entries(v.attributes).map(([name, option]) => ({ name, option })),
          image: v.images[0] ?? null,
        },
      ]),
    ),
  };
}
