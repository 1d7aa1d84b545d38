/**
 * English nouns for the cart's and the offers' messages: the right form for a count, and the
 * indefinite article. Irregular plurals are listed, since "couch" → "couches" but "ottoman" →
 * "ottomans": a rule that strips an "s" gets one of them wrong.
 */
const rules = new Intl.PluralRules("en");

export type Noun = { one: string; other: string };

/** The shop's categories as nouns, by slug. */
const CATEGORY_NOUNS: Record<string, Noun> = {
  couches: { one: "couch", other: "couches" },
  "sleeper-couches": { one: "sleeper couch", other: "sleeper couches" },
  ottomans: { one: "ottoman", other: "ottomans" },
  "bed-frames": { one: "bed frame", other: "bed frames" },
};

/** The noun for a category slug; an unknown slug is read as a plural in words ("garden-chairs"). */
export function categoryNoun(slug: string): Noun {
  const known = CATEGORY_NOUNS[slug];
  if (known) return known;
  const other = slug.replace(/-/g, " ");
  const one = /(ch|sh|ss|x)es$/.test(other) ? other.slice(0, -2) : other.replace(/s$/, "");
  return { one, other };
}

/** The form of a noun for a count: 1 couch, 2 couches, 0 couches. */
export function pluralise(count: number, noun: Noun): string {
  return rules.select(count) === "one" ? noun.one : noun.other;
}

/** A count and its noun: "1 item", "3 items". */
export function countOf(count: number, noun: Noun): string {
  return `${count} ${pluralise(count, noun)}`;
}

/** "a couch", "an ottoman": the article by the first letter, which serves the shop's nouns. */
export function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? "an" : "a"} ${word}`;
}

/** A code that came off the cart, and why, as the shopper reads it. */
export function noticeSentence(notice: { code: string; message: string }): string {
  const reason = notice.message.trim().replace(/[.!]?$/, ".");
  return `Promo code ${notice.code} has come off your cart. ${reason}`;
}
