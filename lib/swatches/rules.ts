/**
 * Free fabric swatches: what a request may hold and how often an address may ask. No zod here:
 * the request form in the browser reads these too.
 */
export const SWATCHES = {
  /** Fabrics per request: enough to compare, few enough to post in one envelope. */
  maxFabrics: 5,
  /** One request per address in this many days. */
  perAddressDays: 30,
  /** Working days until the envelope is posted, as the confirmation promises. */
  postedWithinWorkingDays: 2,
} as const;

/**
 * Requests from one network address: a household asks once; an office, a campus or a mobile
 * network shared by many, more often.
 */
export const SWATCH_LIMIT = { limit: 20, windowSeconds: 60 * 60 };

/** Confirmation e-mails one inbox is sent in a day, whoever asks for swatches to go where. */
export const SWATCH_MAIL_LIMIT = { limit: 2, windowSeconds: 86_400 };

export const SWATCH_MESSAGES = {
  fabricsMissing: "Choose at least one fabric",
  fabricsTooMany: `Choose at most ${SWATCHES.maxFabrics} fabrics`,
  fabricUnknown: "Choose fabrics from our range",
  sent: "Your swatches are on their way",
} as const;

/**
 * The street and postcode folded (case, spaces, punctuation) so "12 Kloof St, Unit 4" and
 * "12 kloof st. unit 4" are one address for the 30-day rule.
 */
export function addressKey(a: { streetAddress1: string; streetAddress2: string; postcode: string }): string {
  const fold = (s: string) =>
    s
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, " ")
      .trim();
  return `${a.postcode.trim()}|${fold(`${a.streetAddress1} ${a.streetAddress2}`)}`;
}
