import { fold, PHRASES, STOP_WORDS, type Synonyms } from "@/lib/search/synonyms";

/** The longest search read, in characters and in words; the rest is ignored. */
export const MAX_QUERY_CHARS = 100;
export const MAX_QUERY_WORDS = 8;

/**
 * One word (or "3 seater") of a search and the text-search terms that satisfy it, any of them.
 * `word` parts are checked against the catalogue's words before the search runs (a misspelling is
 * corrected, an unfinished last word completed); `fixed` parts are used as they are.
 */
export type Part = {
  /** What the shopper typed, folded. */
  text: string;
  kind: "word" | "fixed";
  /** tsquery terms: "couch", "sleeper:*", "3 <-> seater". */
  terms: string[];
  /** What to show for the part in "Showing results for …". */
  display: string;
};

export type ParsedQuery = { text: string; parts: Part[] };

/**
 * Reads a search into parts: folded, phrases rewritten ("sofa bed" -> sleeper), stop words left
 * out, synonyms added ("settee" -> couch, "grey" -> the grey fabrics), "3 seater" kept together.
 * Only letters and digits survive, so a term can never carry tsquery syntax.
 */
export function parseQuery(raw: string, synonyms: Synonyms): ParsedQuery {
  let text = fold(raw.slice(0, MAX_QUERY_CHARS));
  for (const [pattern, replacement] of PHRASES) text = text.replace(pattern, replacement);
  const words = text.split(" ").filter((w) => w && !STOP_WORDS.has(w));
  const parts: Part[] = [];
  for (let i = 0; i < words.length && parts.length < MAX_QUERY_WORDS; i++) {
    const w = words[i]!;
    if (/^\d+$/.test(w) && words[i + 1] === "seater") {
      parts.push({ text: `${w} seater`, kind: "fixed", terms: [`${w} <-> seater`], display: `${w} seater` });
      i++;
      continue;
    }
    const stands = synonyms[w];
    if (stands) {
      parts.push({ text: w, kind: "fixed", terms: [...new Set([w, ...stands])], display: w });
    } else if (/^\d+$/.test(w)) {
      parts.push({ text: w, kind: "fixed", terms: [w], display: w });
    } else {
      parts.push({ text: w, kind: "word", terms: [w], display: w });
    }
  }
  return { text: parts.map((p) => p.text).join(" "), parts };
}

/** Every part must match, any of its terms: `sleeper & (couch | settee)`; empty when nothing is left. */
export function toTsQuery(parts: readonly Part[]): string {
  return parts
    .filter((p) => p.terms.length > 0)
    .map((p) => (p.terms.length > 1 ? `(${p.terms.join(" | ")})` : p.terms[0]))
    .join(" & ");
}

/** The search as it was run, for "Showing results for …". */
export function displayQuery(parts: readonly Part[]): string {
  return parts.map((p) => p.display).join(" ");
}
