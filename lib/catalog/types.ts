import type { Dimensions, ProductAttribute, ProductImage, SpecRow } from "@/lib/db/schema";
import type { DisplayPrice } from "@/lib/catalog/pricing";

export type SortKey = "featured" | "newest" | "price-asc" | "price-desc";
export const SORT_OPTIONS: ReadonlyArray<{ value: SortKey; label: string }> = [
  { value: "featured", label: "Featured" },
  { value: "newest", label: "Newest" },
  { value: "price-asc", label: "Price: low to high" },
  { value: "price-desc", label: "Price: high to low" },
];

/**
 * A picture as a page shows it, with its size for the image optimiser and the page's layout. A
 * photograph also names the optimiser's copies for a thumbnail (up to 128 px wide, sharp screens
 * included), so a list the browser draws shows it without the optimiser's code.
 */
export type Picture = { src: string; alt: string; width: number; height: number; srcset?: string };

/** Average stars (to two decimals) and how many published reviews it rests on. */
export type RatingSummary = { average: number; count: number };

export type ProductSummary = {
  id: number;
  slug: string;
  name: string;
  categorySlug: string;
  categoryName: string;
  shortDescription: string;
  image: ProductImage;
  price: DisplayPrice;
  inStock: boolean;
  isVariable: boolean;
  fabrics: string[];
  featured: boolean;
  createdAt: string;
  /** Published reviews; absent where a list does not load them. */
  rating?: RatingSummary;
};

export type VariationDetail = {
  id: number;
  sku: string;
  attributes: Record<string, string>;
  regularPriceCents: number;
  salePriceCents: number | null;
  stock: number;
  images: ProductImage[];
  /** Its own measurements (a 3 seater's), or the product's when it has none. */
  dimensions: Dimensions;
};

export type ProductDetail = ProductSummary & {
  description: string;
  /** The page's title and description for search engines and link previews, as staff set them ("" : the name and short description). */
  seo: { title: string; description: string };
  features: string[];
  specs: SpecRow[];
  dimensions: Dimensions;
  care: string;
  attributes: ProductAttribute[];
  images: ProductImage[];
  regularPriceCents: number;
  salePriceCents: number | null;
  stock: number;
  variations: VariationDetail[];
};

export type CategorySummary = {
  id: number;
  slug: string;
  name: string;
  description: string;
  productCount: number;
  /** The tile's picture: the category's own, or its first product's; null: it has none yet. */
  image: string | null;
};

export type ProductQuery = {
  category?: string;
  sort: SortKey;
  /** Price bounds in cents, inclusive, on the price a shopper pays. */
  minCents?: number;
  maxCents?: number;
  fabrics: string[];
  page: number;
  perPage: number;
};

export type ProductPage = {
  items: ProductSummary[];
  total: number;
  page: number;
  pageCount: number;
  /** Facets over the whole category, unfiltered, for the filter panel. */
  facets: { fabrics: Array<{ name: string; count: number }>; minCents: number; maxCents: number };
};
