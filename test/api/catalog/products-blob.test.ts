import { NextRequest } from "next/server";
import { setupTestDb } from "@/test/support/db";
import { seedProducts } from "@/lib/catalog/seed-data";
import { GET } from "@/app/api/products-blob/route";

setupTestDb();

type Blob = Array<{
  id: number;
  name: string;
  slug: string;
  categories: Array<{ slug: string }>;
  price: string;
  regular_price: string;
  stock_status: string;
  variations: Record<
    string,
    { id: number; price: string; regular_price: string; attributes: Array<{ name: string; option: string }> }
  >;
}>;

describe("GET /api/products-blob", () => {
  test("lists every product with the blob's fields, money as cents strings, variations keyed by id", async () => {
    const res = await GET(new NextRequest("http://shop.test/api/products-blob"), undefined);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Blob;
    expect(body).toHaveLength(seedProducts.length);

    const eden = body.find((p) => p.slug === "eden-2-seater")!;
    expect(eden).toMatchObject({ name: "Eden 2 Seater", categories: [{ slug: "couches" }] });
    const seed = seedProducts.find((p) => p.slug === "eden-2-seater")!;
    expect(Object.keys(eden.variations)).toHaveLength(seed.variations!.length);
    for (const [key, v] of Object.entries(eden.variations)) {
      expect(String(v.id)).toBe(key);
      expect(v.price).toMatch(/^\d+$/);
      const s = seed.variations!.find((x) => v.attributes.every((a) => x.attributes[a.name] === a.option))!;
      expect(v.regular_price).toBe(String(s.regularPriceCents));
      expect(v.price).toBe(String(s.salePriceCents ?? s.regularPriceCents));
    }

    const simpleOnSale = seedProducts.find((p) => !p.variations && p.salePriceCents)!;
    const blob = body.find((p) => p.slug === simpleOnSale.slug)!;
    expect(blob.price).toBe(String(simpleOnSale.salePriceCents));
    expect(blob.regular_price).toBe(String(simpleOnSale.regularPriceCents));

    const soldOut = seedProducts.find((p) => !p.variations && p.stock === 0)!;
    expect(body.find((p) => p.slug === soldOut.slug)!.stock_status).toBe("outofstock");
  });
});
