import { create } from "zustand";
import type { BlobProduct } from "@/lib/catalog/blob";

/** SPEC section 4: the product list is fetched when never fetched or older than 300 seconds. */
export const PRODUCTS_MAX_AGE_MS = 300_000;

type ProductsState = {
  products: BlobProduct[];
  fetchedAt: number | null;
  ensureFresh: (now?: number) => Promise<void>;
};

export const useProductsStore = create<ProductsState>()((set, get) => ({
  products: [],
  fetchedAt: null,
  ensureFresh: async (now = Date.now()) => {
    const { fetchedAt } = get();
    if (fetchedAt !== null && now - fetchedAt < PRODUCTS_MAX_AGE_MS) return;
    try {
      const res = await fetch("/api/products-blob", { headers: { Accept: "application/json" } });
      if (res.ok) set({ products: (await res.json()) as BlobProduct[], fetchedAt: now });
    } catch (err) {
      console.warn("[products] fetch failed", err);
    }
  },
}));
