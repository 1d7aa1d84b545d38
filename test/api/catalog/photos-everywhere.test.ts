import { eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { call, CookieJar } from "@/test/support/api-client";
import { addPhoto } from "@/test/support/photos";
import { checkoutDetails, productBySlug, type CheckoutAnswer } from "@/test/support/orders";
import { media, productPhotos, rateLimits, variations } from "@/lib/db/schema";
import { drawingOf } from "@/lib/catalog/pictures";
import { orderForViewer } from "@/lib/orders/customer-orders";
import type { ServerCart } from "@/lib/cart/types";
import type { Suggestions } from "@/lib/search/search";
import * as cartGuest from "@/app/api/cart-guest/route";
import * as checkout from "@/app/api/checkout/route";
import * as search from "@/app/api/search/route";
import * as saved from "@/app/api/saved/route";
import type { SavedList } from "@/lib/saved/saved";

const getDb = setupTestDb();

beforeEach(async () => {
  const { db } = getDb();
  await db.delete(rateLimits);
  await db.delete(productPhotos);
  await db.delete(media);
});

/** The Eden and two of its fabrics, each with an option in stock. */
async function eden() {
  const { db } = getDb();
  const product = await productBySlug(db, "eden-2-seater");
  const options = await db.select().from(variations).where(eq(variations.productId, product.id));
  const [first, second] = options.filter((v) => v.stock > 0);
  return { product, first: first!, second: second! };
}

const fabricOf = (v: { attributes: Record<string, string> }) => v.attributes.Fabric!;

describe("a product's photograph wherever the product is shown", () => {
  test("the cart shows each line in its fabric: the photograph when there is one, else the line's drawing", async () => {
    const { db } = getDb();
    const { product, first, second } = await eden();
    const photo = await addPhoto(db, product.id, { fabric: fabricOf(first), alt: "The Eden in its first fabric" });
    const jar = new CookieJar();
    const add = (option: typeof first) =>
      call<ServerCart>(cartGuest.POST, "/api/cart-guest", {
        json: { productId: product.id, productQuantity: 1, variation: option.attributes },
        jar,
      });
    await add(first);
    const res = await add(second);
    expect(res.status).toBe(200);
    const [photographed, drawn] = res.body.items;
    expect(photographed!.picture).toMatchObject({
      src: photo.src,
      alt: "The Eden in its first fabric",
      width: photo.width,
      height: photo.height,
    });
    // `image` stays a string, the same address, for clients that read only it.
    expect(photographed!.image).toBe(photo.src);
    expect(drawn!.picture).toEqual(drawingOf(product, second.attributes));
    expect(drawn!.image).toBe(drawn!.picture.src);
  });

  test("the order shows the photograph of the fabric bought and keeps its drawing for when the photograph goes", async () => {
    const { db } = getDb();
    const { product, first } = await eden();
    const photo = await addPhoto(db, product.id, { fabric: fabricOf(first) });
    const cart = await call<ServerCart & { cart_key: string }>(cartGuest.POST, "/api/cart-guest", {
      json: { productId: product.id, productQuantity: 1, variation: first.attributes },
    });
    const placed = await call<CheckoutAnswer>(checkout.POST, "/api/checkout", {
      json: checkoutDetails({ cartKey: cart.body.cart_key, expectedTotal: Number(cart.body.totals.total) }),
    });
    expect(placed.status).toBe(201);
    const viewer = { key: placed.body.order.key };
    const order = (await orderForViewer(db, String(placed.body.order.id), viewer))!;
    expect(order.line_items[0]!.picture).toMatchObject({ src: photo.src, width: photo.width, height: photo.height });
    expect(order.line_items[0]!.image).toBe(drawingOf(product, first.attributes).src);

    await db.delete(productPhotos);
    const later = (await orderForViewer(db, String(placed.body.order.id), viewer))!;
    expect(later.line_items[0]!.picture).toMatchObject({ src: drawingOf(product, first.attributes).src });
  });

  test("search suggestions show the product card's photograph", async () => {
    const { db } = getDb();
    const { product } = await eden();
    await addPhoto(db, product.id);
    const card = await addPhoto(db, product.id, { isCard: true, alt: "The Eden by a window", width: 60, height: 40 });
    const res = await call<Suggestions>(search.GET, "/api/search", { query: { q: "eden" } });
    expect(res.status).toBe(200);
    const shown = res.body.products.find((p) => p.href === `/product/${product.slug}`);
    expect(shown!.image).toMatchObject({ src: card.src, alt: "The Eden by a window", width: 60, height: 40 });
    // The browser draws the suggestions: the server names the optimiser's copies for it.
    expect(shown!.image.srcset).toContain(`/_next/image?url=${encodeURIComponent(card.src)}&w=128`);
    const others = res.body.products.filter((p) => p !== shown);
    expect(others.every((p) => p.image.src.endsWith(".svg") && p.image.width === 800)).toBe(true);
  });

  test("a saved list shows each item in the fabric saved, and the card's photograph for one saved from a card", async () => {
    const { db } = getDb();
    const { product, first, second } = await eden();
    const photo = await addPhoto(db, product.id, { fabric: fabricOf(first) });
    const items = `${product.id}:${first.id}:0:1700000000000,${product.id}:${second.id}:0:1700000001000,${product.id}:0:0:1700000002000`;
    const res = await call<SavedList>(saved.GET, "/api/saved", { query: { items } });
    expect(res.status).toBe(200);
    expect(res.body.items.map((i) => i.image.src)).toEqual([
      photo.src,
      drawingOf(product, second.attributes).src,
      photo.src,
    ]);
  });
});
