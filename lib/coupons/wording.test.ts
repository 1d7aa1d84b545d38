import { categoryNoun, countOf, noticeSentence, pluralise, withArticle } from "@/lib/coupons/wording";

describe("nouns in messages", () => {
  test("a category reads as a shopper would write it, one or many", () => {
    expect(categoryNoun("couches")).toEqual({ one: "couch", other: "couches" });
    expect(categoryNoun("sleeper-couches").one).toBe("sleeper couch");
    expect(categoryNoun("ottomans").one).toBe("ottoman");
    expect(categoryNoun("bed-frames").one).toBe("bed frame");
  });

  test("an unknown category still loses its plural ending, never to a half word", () => {
    expect(categoryNoun("garden-benches").one).toBe("garden bench");
    expect(categoryNoun("side-tables").one).toBe("side table");
  });

  test("counts choose the form: one, none and many", () => {
    const couch = categoryNoun("couches");
    expect(pluralise(1, couch)).toBe("couch");
    expect(pluralise(0, couch)).toBe("couches");
    expect(pluralise(2, couch)).toBe("couches");
    expect(countOf(1, { one: "item", other: "items" })).toBe("1 item");
    expect(countOf(3, { one: "item", other: "items" })).toBe("3 items");
  });

  test("the article fits the sound", () => {
    expect(withArticle("couch")).toBe("a couch");
    expect(withArticle("ottoman")).toBe("an ottoman");
    expect(withArticle("bed frame")).toBe("a bed frame");
  });
});

describe("a code that came off the cart", () => {
  test("is told in sentences, never as code: message", () => {
    expect(noticeSentence({ code: "FREEOTTOMAN", message: "Add a couch to your cart to get this offer" })).toBe(
      "Promo code FREEOTTOMAN has come off your cart. Add a couch to your cart to get this offer.",
    );
    expect(noticeSentence({ code: "KAYAFRIENDS", message: "This promo code has expired." })).toBe(
      "Promo code KAYAFRIENDS has come off your cart. This promo code has expired.",
    );
  });
});
