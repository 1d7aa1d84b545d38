let loading: Promise<typeof import("@/components/cart/use-cart")> | null = null;

/**
 * The cart's code (SWR, the cart's calls), fetched once where a page adds to the cart without
 * showing it (a product card, the product page): as the pointer or focus nears an add button, or
 * at the first press, which waits for it.
 */
export function loadCartCode(): Promise<typeof import("@/components/cart/use-cart")> {
  loading ??= import("@/components/cart/use-cart").catch((err: unknown) => {
    // A failed fetch may be tried again (the page's chunk-error handling reloads if it keeps failing).
    loading = null;
    throw err;
  });
  return loading;
}
