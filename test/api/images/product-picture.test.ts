/**
 * @jest-environment node
 */
import { eq } from "drizzle-orm";
import { GET } from "@/app/images/products/[...path]/route";
import { setupTestDb } from "@/test/support/db";
import { fabrics, products, variations } from "@/lib/db/schema";
import { attributesKey, variationSku } from "@/lib/catalog/variations";

const getDb = setupTestDb();

function get(path: unknown) {
  return GET(new Request("http://localhost/images/products/x"), { params: Promise.resolve({ path }) });
}

describe("GET /images/products/… for a picture the build did not draw", () => {
  it("answers a neutral picture, not a 404, for a product without a drawing", async () => {
    const res = await get(["e2e-stool-1795855617389", "default-main.svg"]);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    const svg = await res.text();
    expect(svg).toMatch(/^<svg[^>]*viewBox="0 0 800 600"/);
    expect(svg).toContain("Picture to follow");
  });

  it("draws a demo couch in a fabric staff added since, in the colours the database has now", async () => {
    const { db } = getDb();
    const [eden] = await db.select().from(products).where(eq(products.slug, "eden-2-seater"));
    const [fabric] = await db
      .insert(fabrics)
      .values({ slug: "protea", name: "Protea", hex: "#c0587e", shade: "#8c3a5a", family: "Velvet", restockWeeks: 5 })
      .returning();
    const attributes = { Fabric: "Protea" };
    await db.insert(variations).values({
      productId: eden!.id,
      sku: variationSku(eden!.slug, attributes),
      attributes,
      attributesKey: attributesKey(attributes),
      regularPriceCents: 1_299_900,
      stock: 2,
    });

    const res = await get(["eden-2-seater", "protea-main.svg"]);
    expect(res.status).toBe(200);
    const svg = await res.text();
    expect(svg).toContain("<title>Eden 2 Seater in Protea, three-quarter view</title>");
    expect(svg).toContain("#c0587e");
    expect(svg).not.toContain("Picture to follow");

    await db.update(fabrics).set({ hex: "#7a2f4d" }).where(eq(fabrics.id, fabric!.id));
    const recoloured = await (await get(["eden-2-seater", "protea-detail.svg"])).text();
    expect(recoloured).toContain("#7a2f4d");
    expect(recoloured).not.toContain("#c0587e");
  });

  it("gives the neutral picture for an option the product does not have, or a fabric the range lacks", async () => {
    for (const file of ["tartan-main.svg", "charcoal--3-seater-front.svg"]) {
      const svg = await (await get(["eden-2-seater", file])).text();
      expect(svg).toContain("Picture to follow");
    }
  });

  it("is a 404 for any other shape of address", async () => {
    for (const path of [
      ["x"],
      ["x", "default-main.png"],
      ["x", "default-side.svg"],
      ["X", "default-main.svg"],
      ["x", "y", "default-main.svg"],
      ["..", "default-main.svg"],
      ["x", "default-main.svg\u0000"],
      "x/default-main.svg",
      [["x"], "default-main.svg"],
      undefined,
    ]) {
      const res = await get(path);
      expect(res.status).toBe(404);
    }
  });
});
