import fc from "fast-check";
import { serializeJsonLd } from "@/lib/seo/json-ld";

describe("serializeJsonLd", () => {
  test("escapes the characters that could end the script, open a tag or start an entity", () => {
    const out = serializeJsonLd({
      name: "</script ><script>alert(1)</script>",
      body: "<!-- & -->",
      sep: "a\u2028b\u2029c",
    });
    expect(out).toBe(
      '{"name":"\\u003c/script \\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e","body":"\\u003c!-- \\u0026 --\\u003e","sep":"a\\u2028b\\u2029c"}',
    );
  });

  test.each(["</script >", "</script/>", "</SCRIPT\t>", "</ScRiPt\n>", "<!--", "<script>", "-->", "]]>", "&lt;"])(
    "%p leaves no markup behind",
    (text) => {
      const out = serializeJsonLd({ review: [{ name: text, author: { name: text } }], [text]: text });
      expect(out).not.toMatch(/[<>&\u2028\u2029]/);
      expect(JSON.parse(out)).toEqual({ review: [{ name: text, author: { name: text } }], [text]: text });
    },
  );

  test("for any strings, the output holds no <, > or & and parses back to the input", () => {
    const text = fc.oneof(
      fc.string({ unit: "grapheme-composite" }),
      fc.string({ unit: "binary" }),
      fc.string({
        unit: fc.constantFrom(
          "<",
          ">",
          "&",
          "/",
          "!",
          "-",
          "s",
          "S",
          "c",
          "r",
          "i",
          "p",
          "t",
          " ",
          "\t",
          "\u2028",
          "\u2029",
          '"',
          "\\",
        ),
      }),
    );
    fc.assert(
      fc.property(
        fc.dictionary(text, fc.oneof(text, fc.array(text), fc.dictionary(text, text))),
        text,
        (data, extra) => {
          const input = { "@context": "https://schema.org", name: extra, ...data };
          const out = serializeJsonLd(input);
          expect(out).not.toMatch(/[<>&]/);
          expect(out).not.toMatch(/[\u2028\u2029]/);
          expect(JSON.parse(out)).toEqual(input);
        },
      ),
      { numRuns: 500 },
    );
  });

  test("numbers, booleans and nesting come out as JSON.stringify writes them", () => {
    const data = { "@type": "Offer", price: 12999, ratingValue: 4.67, inStock: true, list: [1, "two", { three: 3 }] };
    expect(serializeJsonLd(data)).toBe(JSON.stringify(data));
  });

  test("refuses what JSON cannot carry", () => {
    expect(() => serializeJsonLd(undefined)).toThrow(TypeError);
  });
});
