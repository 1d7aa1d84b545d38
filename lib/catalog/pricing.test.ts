import { displayPrice, isOnSale, pricePoint, savingPercent, stockStatus } from "@/lib/catalog/pricing";

describe("price display rules", () => {
  test("a simple product at its regular price shows no crossed-out price", () => {
    expect(pricePoint({ regularCents: 999900, saleCents: null })).toEqual({
      priceCents: 999900,
      wasCents: null,
      from: false,
    });
  });

  test("a sale shows the sale price and crosses out the regular one", () => {
    const p = pricePoint({ regularCents: 1299900, saleCents: 1099900 });
    expect(p).toEqual({ priceCents: 1099900, wasCents: 1299900, from: false });
    expect(savingPercent(p)).toBe(15);
  });

  test("a 'sale' price that is not lower is not a sale", () => {
    expect(isOnSale({ regularCents: 1000, saleCents: 1000 })).toBe(false);
  });

  test("a variable product shows 'from' its cheapest option", () => {
    const p = displayPrice({ regularCents: 1, saleCents: null }, [
      { regularCents: 1499900, saleCents: null },
      { regularCents: 1199900, saleCents: null },
    ]);
    expect(p).toEqual({ priceCents: 1199900, wasCents: null, from: true });
  });

  test("the cheapest option on sale is what a card shows, crossed out", () => {
    const p = displayPrice({ regularCents: 1, saleCents: null }, [
      { regularCents: 1199900, saleCents: 999900 },
      { regularCents: 1099900, saleCents: null },
    ]);
    expect(p).toEqual({ priceCents: 999900, wasCents: 1199900, from: true });
  });

  test("options all at one price are not 'from'", () => {
    const p = displayPrice({ regularCents: 1, saleCents: null }, [
      { regularCents: 899900, saleCents: null },
      { regularCents: 899900, saleCents: null },
    ]);
    expect(p.from).toBe(false);
  });

  test("stock status", () => {
    expect(stockStatus(0)).toBe("outofstock");
    expect(stockStatus(3)).toBe("instock");
  });
});
