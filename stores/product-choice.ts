import { create } from "zustand";

/**
 * The options chosen in the buy box of the product page open now, for the parts of the page
 * that follow them (the measurements, the fit check). The buy box writes it; it starts empty, as
 * the server renders the page before any choice.
 */
type ProductChoice = { slug: string | null; selection: Record<string, string> };

const NONE: Record<string, string> = {};

const useProductChoice = create<ProductChoice>()(() => ({ slug: null, selection: NONE }));

export function publishChoice(slug: string, selection: Record<string, string>): void {
  useProductChoice.setState({ slug, selection });
}

/** What is chosen on this product's page; nothing for another product's. */
export function useChosenOptions(slug: string): Record<string, string> {
  return useProductChoice((s) => (s.slug === slug ? s.selection : NONE));
}
