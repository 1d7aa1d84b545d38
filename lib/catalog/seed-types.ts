import type { Dimensions, ProductAttribute, SpecRow } from "@/lib/db/schema";
import type { FurnitureDrawing } from "@/lib/drawing/types";

export type CategorySlug = "couches" | "sleeper-couches" | "ottomans" | "bed-frames";

export type SeedCategory = {
  slug: CategorySlug;
  name: string;
  description: string;
  sortOrder: number;
  /** The drawn tile the home page shows for it. */
  image: string;
};

export type SeedVariation = {
  /** Every attribute of the product, each with one of its options. */
  attributes: Record<string, string>;
  regularPriceCents: number;
  salePriceCents?: number;
  stock: number;
};

export type SeedProduct = {
  slug: string;
  name: string;
  category: CategorySlug;
  shortDescription: string;
  /** Plain paragraphs separated by blank lines. */
  description: string;
  features: string[];
  specs: SpecRow[];
  /** Every piece has its diagonal depth, which the "Will it fit?" check needs. */
  dimensions: Dimensions & { diagonalDepth: number };
  /**
   * A product made in several sizes: what each size other than the first changes in `dimensions`
   * (which are the first size's), by its Size option, e.g. { "3 Seater": { width: 208 } }.
   */
  sizes?: Record<string, Partial<Dimensions>>;
  care: string;
  /**
   * Variable products: the options shoppers choose from. Simple products: their fixed facts,
   * each with one option, e.g. [{ name: "Fabric", options: ["Oat"] }].
   */
  attributes: ProductAttribute[];
  drawing: FurnitureDrawing;
  /** Simple products: the price; variable products: the lowest variation's regular price. */
  regularPriceCents: number;
  salePriceCents?: number;
  /** Simple products only. */
  stock: number;
  featured?: boolean;
  /** Days before the seed ran; drives "new arrivals" and the newest-first sort. */
  createdDaysAgo: number;
  variations?: SeedVariation[];
};
