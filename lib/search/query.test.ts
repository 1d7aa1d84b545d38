import { displayQuery, MAX_QUERY_WORDS, parseQuery, toTsQuery } from "@/lib/search/query";
import { fold, synonymsFor } from "@/lib/search/synonyms";
import { seedFabrics } from "@/lib/catalog/seed-fabrics";

const SYNONYMS = synonymsFor(seedFabrics);

describe("reading a search", () => {
  test("folds case and accents and drops punctuation, as the database folds its documents", () => {
    expect(fold("  Ivory BOUCLÉ, please! ")).toBe("ivory boucle please");
    expect(parseQuery("Ivory BOUCLÉ, please!", SYNONYMS).text).toBe("ivory boucle");
  });

  test("a shopper's words for a piece become the catalogue's, keeping their own as an alternative", () => {
    expect(toTsQuery(parseQuery("settee", SYNONYMS).parts)).toBe("(settee | couch)");
    expect(toTsQuery(parseQuery("pouffe", SYNONYMS).parts)).toBe("(pouffe | ottoman)");
    expect(toTsQuery(parseQuery("sofa bed", SYNONYMS).parts)).toBe("sleeper");
    expect(toTsQuery(parseQuery("L-shaped sofa", SYNONYMS).parts)).toBe("corner & (sofa | couch)");
  });

  test("colours and fabric families stand for the fabrics of that colour or kind", () => {
    expect(SYNONYMS.grey).toEqual(["stone", "charcoal"]);
    expect(SYNONYMS.velvet).toEqual(expect.arrayContaining(["olive", "terracotta", "ink"]));
    expect(SYNONYMS.leather).toEqual(["cognac"]);
    expect(toTsQuery(parseQuery("grey 3 seater", SYNONYMS).parts)).toBe("(grey | stone | charcoal) & 3 <-> seater");
  });

  test("sizes in any spelling are one phrase: 3 seater, 3-seater, 3seater, three seater", () => {
    for (const q of ["3 seater", "3-seater", "3seater", "three seater", "Three-Seaters"]) {
      expect(toTsQuery(parseQuery(q, SYNONYMS).parts)).toBe("3 <-> seater");
    }
    expect(toTsQuery(parseQuery("queen size bed", SYNONYMS).parts)).toBe("queen & bed");
  });

  test("stop words are left out; words the catalogue may not know stay for the database to check", () => {
    const { parts } = parseQuery("a couch for the stoep", SYNONYMS);
    expect(parts.map((p) => [p.text, p.kind])).toEqual([
      ["couch", "word"],
      ["stoep", "word"],
    ]);
    expect(displayQuery(parts)).toBe("couch stoep");
  });

  test("only letters and digits reach the text-search query, so its syntax cannot be injected", () => {
    const q = toTsQuery(parseQuery("couch & !sleeper | 'x':* <-> (y)", SYNONYMS).parts);
    expect(q).toBe("couch & sleeper & x & y");
    expect(toTsQuery(parseQuery("!!! &&& ::", SYNONYMS).parts)).toBe("");
  });

  test("a long search is read up to its first words", () => {
    expect(parseQuery("couch ".repeat(50), SYNONYMS).parts).toHaveLength(MAX_QUERY_WORDS);
  });
});
