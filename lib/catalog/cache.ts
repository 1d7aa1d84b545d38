/** Cache tags for catalogue reads; anything that changes products or stock revalidates these. */
export const CACHE_TAGS = {
  catalog: "catalog",
  product: (slug: string) => `product:${slug}`,
} as const;
