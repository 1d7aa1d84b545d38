import { displayPrice, effectiveCents, isOnSale, pricePoint, savingPercent, stockStatus } from "@/lib/catalog/pricing";

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

  test.each([
    ["equal to", 1000],
    ["above", 1200],
    ["nothing:", 0],
  ])("a sale price %s the regular one is neither shown nor charged: the regular price applies", (_how, sale) => {
    const point = { regularCents: 1000, saleCents: sale };
    expect(isOnSale(point)).toBe(false);
    expect(effectiveCents(point)).toBe(1000);
    expect(pricePoint(point)).toEqual({ priceCents: 1000, wasCents: null, from: false });
    expect(savingPercent(pricePoint(point))).toBeNull();
    const options = displayPrice({ regularCents: 1, saleCents: null }, [
      point,
      { regularCents: 1100, saleCents: null },
    ]);
    expect(options).toEqual({ priceCents: 1000, wasCents: null, from: true });
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
