import type { Fabric } from "@/lib/catalog/fabrics";

/**
 * Words South African shoppers use for what the catalogue names otherwise. Each maps to words the
 * catalogue's own documents contain; the shopper's word is kept as an alternative too.
 */
export const WORD_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  settee: ["couch"],
  settees: ["couch"],
  sofa: ["couch"],
  sofas: ["couch"],
  lounger: ["couch"],
  couchs: ["couch"],
  sofabed: ["sleeper"],
  sofabeds: ["sleeper"],
  daybed: ["sleeper"],
  sleeperbed: ["sleeper"],
  pouffe: ["ottoman"],
  pouffes: ["ottoman"],
  pouf: ["ottoman"],
  poufs: ["ottoman"],
  footstool: ["ottoman"],
  footstools: ["ottoman"],
  footrest: ["ottoman"],
  bedframe: ["bed"],
  bedframes: ["bed"],
  bedstead: ["bed"],
  headboard: ["bed"],
  sectional: ["corner"],
  sectionals: ["corner"],
  modular: ["corner"],
};

function fabricWord(name: string): string {
  return fold(name).split(" ")[0]!;
}

/**
 * The colour words staff give each fabric ("grey, taupe"), each to the fabrics it names. A word is
 * one word as a shopper types it: "off-white" and "off white" are read as "offwhite".
 */
function colourSynonyms(range: readonly Pick<Fabric, "name" | "colourWords">[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const f of range) {
    for (const written of f.colourWords.split(",")) {
      const word = fold(written).replace(/ /g, "");
      if (word) (out[word] ??= []).push(fabricWord(f.name));
    }
  }
  return out;
}

/** Fabric families ("velvet", "leather") to the fabrics made of them. */
function familySynonyms(range: readonly Pick<Fabric, "name" | "family">[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const f of range) {
    for (const word of fold(f.family).split(" ")) {
      if (word === "weave") continue;
      (out[word] ??= []).push(fabricWord(f.name));
    }
  }
  return out;
}

export type Synonyms = Readonly<Record<string, readonly string[]>>;

/**
 * Every word that stands for other words, with what it stands for (folded, deduplicated), for the
 * fabric range given: the shop's, read from the database.
 */
export function synonymsFor(range: readonly Pick<Fabric, "name" | "family" | "colourWords">[]): Synonyms {
  const out: Record<string, string[]> = {};
  const add = (word: string, targets: readonly string[]) => {
    if (targets.length) out[word] = [...new Set([...(out[word] ?? []), ...targets])];
  };
  for (const [w, t] of Object.entries(WORD_SYNONYMS)) add(w, t);
  for (const [w, t] of Object.entries(colourSynonyms(range))) add(w, t);
  for (const [w, t] of Object.entries(familySynonyms(range))) add(w, t);
  return out;
}

/**
 * Phrases rewritten before words are read, on folded text: a "sofa bed" is a sleeper (not a
 * couch and a bed), "three-seater" and "3seater" are "3 seater".
 */
export const PHRASES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bsofa ?beds?\b/g, "sleeper"],
  [/\blounge ?suites?\b/g, "couch"],
  [/\bl ?shaped?\b/g, "corner"],
  [/\bfoot ?stools?\b/g, "ottoman"],
  [/\bfoot ?rests?\b/g, "ottoman"],
  [/\b(queen|king|double) ?size\b/g, "$1"],
  [/\bone ?seaters?\b/g, "1 seater"],
  [/\btwo ?seaters?\b/g, "2 seater"],
  [/\bthree ?seaters?\b/g, "3 seater"],
  [/\bfour ?seaters?\b/g, "4 seater"],
  [/\bfive ?seaters?\b/g, "5 seater"],
  [/\b(\d) ?seaters?\b/g, "$1 seater"],
  [/\bloveseats?\b/g, "2 seater"],
  [/\boff white\b/g, "offwhite"],
];

/** Words that say nothing about a product. */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  "a",
  "an",
  "and",
  "any",
  "at",
  "by",
  "for",
  "from",
  "in",
  "into",
  "is",
  "me",
  "my",
  "of",
  "on",
  "or",
  "please",
  "some",
  "the",
  "to",
  "with",
]);

/** Lower case, accents dropped, anything but letters and digits a space: as the database folds. */
export function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}
