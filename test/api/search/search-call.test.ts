import { setupTestDb } from "@/test/support/db";
import { call } from "@/test/support/api-client";
import * as search from "@/app/api/search/route";
import type { Suggestions } from "@/lib/search/search";

setupTestDb();

type ErrorBody = { status: number; code: string; message: string; data: { status: number; field?: string } };

describe("GET /api/search", () => {
  test("lists products and categories for what is typed, misspelt or unfinished", async () => {
    const res = await call<Suggestions>(search.GET, "/api/search", { query: { q: "otoman" } });
    expect(res.status).toBe(200);
    expect(res.body.products.length).toBeGreaterThan(0);
    expect(res.body.products.every((p) => p.categoryName === "Ottomans" && p.href.startsWith("/product/"))).toBe(true);
    expect(res.body.correctedTo).toBe("ottoman");
    expect(res.body.categories).toEqual([{ name: "Ottomans", href: "/product-category/ottomans" }]);
    const typing = await call<Suggestions>(search.GET, "/api/search", { query: { q: "slee", limit: 3 } });
    expect(typing.body.products).toHaveLength(3);
  });

  test("an empty search answers empty lists", async () => {
    const res = await call<Suggestions>(search.GET, "/api/search");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ query: "", correctedTo: null, products: [], categories: [] });
  });

  test("hostile input is a 400 with the contract's body or an honest empty answer, never a 500", async () => {
    const long = await call<ErrorBody>(search.GET, "/api/search", { query: { q: "x".repeat(201) } });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ status: 400, code: "invalid_params", data: { status: 400 } });
    const badLimit = await call<ErrorBody>(search.GET, "/api/search", { query: { q: "couch", limit: "9999" } });
    expect(badLimit.status).toBe(400);
    for (const q of ["'; drop table products; --", "a:* & !b | <->", "\\x00", "%", "(((", "🛋️"]) {
      const res = await call<Suggestions>(search.GET, "/api/search", { query: { q } });
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body.products)).toBe(true);
    }
    const nul = await call<ErrorBody>(search.GET, "/api/search", { query: { q: "couch\u0000" } });
    expect(nul.status).toBe(400);
  });
});
