/**
 * The one way the shop writes JSON-LD into a page. JSON.stringify leaves `<`, `>` and `&` as they
 * are, so a review reading `</script >` would end the script element and the rest of it would
 * run as HTML; escaped as `\u003c`, `\u003e` and `\u0026` they can never form a tag, a comment or
 * an entity, and any JSON parser reads them back as the same characters. U+2028 and U+2029 are
 * escaped too: they end lines in older JavaScript, where the text may be pasted.
 */

export type JsonLdData = { readonly [key: string]: unknown } | ReadonlyArray<{ readonly [key: string]: unknown }>;

const UNSAFE = /[<>&\u2028\u2029]/g;
const ESCAPED: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/** JSON text safe to place, as it is, between `<script type="application/ld+json">` and `</script>`. */
export function serializeJsonLd(data: unknown): string {
  const json = JSON.stringify(data);
  if (json === undefined) throw new TypeError("JSON-LD must be a JSON value");
  // None of these characters is part of JSON's own syntax, so each one found is inside a string.
  return json.replace(UNSAFE, (c) => ESCAPED[c]!);
}
