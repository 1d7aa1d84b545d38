/**
 * The name of every cookie the shop sets, and of every key it keeps in the browser's storage.
 * Written here only, so a page, a route handler, the proxy and a test never disagree about one.
 */
export const COOKIE = {
  /** The signed-in customer's sealed session (httpOnly); also the calls' `token`. */
  session: "kaya_session",
  /** A guest cart's key (httpOnly). */
  cartKey: "kaya_cart",
  /** The site gate passed: signed, bound to the password. */
  gate: "kaya_gate",
  /** A browser that has signed in to an account before (signed, for /api only). */
  device: "kaya_device",
  /** An affiliate link's coupon code, kept for the visit (httpOnly, ends with the browser session). */
  affiliate: "kaya_affiliate",
  /** A guest's order key, scoped to that one order page. */
  orderKey: "kaya_order_key",
} as const;

/** Keys in localStorage and sessionStorage: never sent to the server. */
export const STORAGE_KEY = {
  /** The cookie-consent choice (localStorage). */
  consent: "kaya_consent",
  /** The signed-in customer's profile, without password or token (localStorage). */
  customer: "kaya-customer",
  /** Orders whose purchase event was already sent (localStorage). */
  purchaseEvents: "kaya_purchase_events",
  /** The shopper's door, hallway and room measurements for "Will it fit?" (localStorage). */
  fitMeasurements: "kaya_fit_measurements",
  /** A guest's saved items, with their price when saved (localStorage; moved to the account on sign-in). */
  saved: "kaya_saved",
  /** Which items the signed-in customer's account list holds, so hearts show without a call (localStorage). */
  savedAccount: "kaya_saved_account",
  /** The customer whose account list was last mirrored in this tab's session (sessionStorage). */
  savedSynced: "kaya_saved_synced",
  /** Followed by a path: when that path last reloaded after a failed chunk (sessionStorage). */
  reloadPrefix: "kaya_reload:",
  /** A staff invitation's token, taken out of the page's address, so a reload keeps it (sessionStorage). */
  staffInvitation: "kaya_staff_invitation",
} as const;
