import { setupTestDb } from "@/test/support/db";
import { getProduct } from "@/lib/catalog/queries";
import { OG_IMAGE_LIMIT } from "@/lib/seo/og-limit";
import { ogCardVersion, ogRateLimited, productCard } from "@/lib/seo/og-image";
import { ogCardResponse } from "@/lib/seo/og-card";
import { addPhoto } from "@/test/support/photos";
import sharp from "sharp";

const testDb = setupTestDb();

const from = (address: string) =>
  new Request("http://shop.test/og/product/eden-2-seater", { headers: { "x-forwarded-for": address } });

describe("link preview versions", () => {
  test("a product's preview has one address per version: a new price is a new address", async () => {
    const product = (await getProduct(testDb().db, "eden-2-seater"))!;
    const card = productCard(product);
    expect(card).toMatchObject({ title: product.name, kicker: product.categoryName });
    const version = ogCardVersion(card);
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    expect(ogCardVersion(productCard(product))).toBe(version);
    const cheaper = { ...product, price: { ...product.price, priceCents: product.price.priceCents - 10_000 } };
    expect(ogCardVersion(productCard(cheaper))).not.toBe(version);
    expect(ogCardVersion({ ...card, picture: { publicPath: "/images/generated/hero.svg" } })).not.toBe(version);
  });
});

test("a photographed product's preview shows its card's photograph, drawn from a JPEG of it", async () => {
  const { db } = testDb();
  const drawn = productCard((await getProduct(db, "pebble-ottoman"))!);
  const photo = await addPhoto(db, (await getProduct(db, "pebble-ottoman"))!.id, { width: 64, height: 48 });
  const card = productCard((await getProduct(db, "pebble-ottoman"))!);
  expect(card.picture).toEqual({ publicPath: photo.src });
  expect(ogCardVersion(card)).not.toBe(ogCardVersion(drawn));
  const png = Buffer.from(await (await ogCardResponse(card)).arrayBuffer());
  // The middle of the picture's box is the photograph's colour, not the card's oat.
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (320 + 315 * info.width) * info.channels;
  expect(Math.abs(data[at + 1]! - 90) + Math.abs(data[at + 2]! - 60)).toBeLessThan(8);
});

describe("the preview routes' limit per address", () => {
  test(`${OG_IMAGE_LIMIT.limit} previews a window per address, then a 429 naming when to come back`, async () => {
    for (let i = 0; i < OG_IMAGE_LIMIT.limit; i++) expect(ogRateLimited(from("203.0.113.7"))).toBeNull();
    const refused = ogRateLimited(from("203.0.113.7"));
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused?.headers.get("cache-control")).toBe("no-store");
    expect(ogRateLimited(from("203.0.113.8"))).toBeNull();
  });

  test("every address of one IPv6 /64 shares the limit", async () => {
    for (let i = 0; i < OG_IMAGE_LIMIT.limit; i++)
      expect(ogRateLimited(from(`2001:db8:7:1::${(i + 1).toString(16)}`))).toBeNull();
    expect(ogRateLimited(from("2001:db8:7:1:ffff::1"))?.status).toBe(429);
    expect(ogRateLimited(from("2001:db8:7:2::1"))).toBeNull();
  });
});
