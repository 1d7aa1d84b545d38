import { displayQuery, MAX_QUERY_WORDS, parseQuery, toTsQuery } from "@/lib/search/query";
import { fold, SYNONYMS } from "@/lib/search/synonyms";

describe("reading a search", () => {
  test("folds case and accents and drops punctuation, as the database folds its documents", () => {
    expect(fold("  Ivory BOUCLÉ, please! ")).toBe("ivory boucle please");
    expect(parseQuery("Ivory BOUCLÉ, please!").text).toBe("ivory boucle");
  });

  test("a shopper's words for a piece become the catalogue's, keeping their own as an alternative", () => {
    expect(toTsQuery(parseQuery("settee").parts)).toBe("(settee | couch)");
    expect(toTsQuery(parseQuery("pouffe").parts)).toBe("(pouffe | ottoman)");
    expect(toTsQuery(parseQuery("sofa bed").parts)).toBe("sleeper");
    expect(toTsQuery(parseQuery("L-shaped sofa").parts)).toBe("corner & (sofa | couch)");
  });

  test("colours and fabric families stand for the fabrics of that colour or kind", () => {
    expect(SYNONYMS.grey).toEqual(["stone", "charcoal"]);
    expect(SYNONYMS.velvet).toEqual(expect.arrayContaining(["olive", "terracotta", "ink"]));
    expect(SYNONYMS.leather).toEqual(["cognac"]);
    expect(toTsQuery(parseQuery("grey 3 seater").parts)).toBe("(grey | stone | charcoal) & 3 <-> seater");
  });

  test("sizes in any spelling are one phrase: 3 seater, 3-seater, 3seater, three seater", () => {
    for (const q of ["3 seater", "3-seater", "3seater", "three seater", "Three-Seaters"]) {
      expect(toTsQuery(parseQuery(q).parts)).toBe("3 <-> seater");
    }
    expect(toTsQuery(parseQuery("queen size bed").parts)).toBe("queen & bed");
  });

  test("stop words are left out; words the catalogue may not know stay for the database to check", () => {
    const { parts } = parseQuery("a couch for the stoep");
    expect(parts.map((p) => [p.text, p.kind])).toEqual([
      ["couch", "word"],
      ["stoep", "word"],
    ]);
    expect(displayQuery(parts)).toBe("couch stoep");
  });

  test("only letters and digits reach the text-search query, so its syntax cannot be injected", () => {
    const q = toTsQuery(parseQuery("couch & !sleeper | 'x':* <-> (y)").parts);
    expect(q).toBe("couch & sleeper & x & y");
    expect(toTsQuery(parseQuery("!!! &&& ::").parts)).toBe("");
  });

  test("a long search is read up to its first words", () => {
    expect(parseQuery("couch ".repeat(50)).parts).toHaveLength(MAX_QUERY_WORDS);
  });
});
