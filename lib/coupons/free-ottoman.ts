/** The free-ottoman offer: its coupon, and the page that tells its terms (read by the browser too). */
export const FREE_OTTOMAN = { code: "FREEOTTOMAN", path: "/free-ottoman" } as const;

/** The page that tells an offer's terms, for the offers that have one. */
export function offerTermsPath(code: string): string | null {
  return code === FREE_OTTOMAN.code ? FREE_OTTOMAN.path : null;
}
