import { eq } from "drizzle-orm";
import sharp from "sharp";
import { setupTestDb } from "@/test/support/db";
import { makeStaff, SAME_ORIGIN } from "@/test/support/admin";
import { makeCustomer } from "@/test/support/auth";
import { call, type CookieJar } from "@/test/support/api-client";
import * as photosRoute from "@/app/api/admin/products/[id]/photos/route";
import * as photoRoute from "@/app/api/admin/products/[id]/photos/[photoId]/route";
import * as mediaRoute from "@/app/media/[file]/route";
import * as productOne from "@/app/api/admin/products/[id]/route";
import { adminAudit, media, productPhotos, products, rateLimits } from "@/lib/db/schema";
import { getProduct, listProducts, summariesById } from "@/lib/catalog/queries";
import type { Photo } from "@/lib/catalog/photos";

const getDb = setupTestDb();

type Answer = { photos: Photo[]; message: string; code: string; data: Record<string, unknown> };

/** A photograph as a phone takes it: 40 × 20 stored, EXIF orientation 6 (turn a quarter to be upright). */
const sidewaysJpeg = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: "#a0522d" } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "Kaya Living", Software: "Phone" } } })
    .toBuffer();
const png = (width = 30, height = 20) =>
  sharp({ create: { width, height, channels: 3, background: "#6b8e23" } })
    .png()
    .toBuffer();

function form(files: Array<{ name: string; bytes: Buffer; type?: string; alt?: string }>): FormData {
  const f = new FormData();
  for (const file of files) {
    f.append("file", new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "image/jpeg" }), file.name);
    f.append("alt", file.alt ?? `A photograph called ${file.name}`);
  }
  return f;
}

async function product(slug = "pebble-ottoman") {
  const [p] = await getDb().db.select().from(products).where(eq(products.slug, slug));
  return p!;
}

async function staffJar(): Promise<CookieJar> {
  return (await makeStaff(getDb().db)).jar;
}

const upload = (jar: CookieJar, id: number, multipart: FormData, headers: Record<string, string> = SAME_ORIGIN) =>
  call<Answer>(photosRoute.POST, `/api/admin/products/${id}/photos`, {
    jar,
    multipart,
    headers,
    params: { id: String(id) },
  });

const change = (jar: CookieJar, id: number, photoId: number, json: unknown) =>
  call<Answer>(photoRoute.POST, `/api/admin/products/${id}/photos/${photoId}`, {
    jar,
    json,
    headers: SAME_ORIGIN,
    params: { id: String(id), photoId: String(photoId) },
  });

const serve = (file: string) => call(mediaRoute.GET as never, `/media/${file}`, { params: { file } });

const stored = async () => ({
  photos: await getDb().db.select().from(productPhotos),
  media: await getDb().db.select({ hash: media.hash }).from(media),
});

beforeEach(async () => {
  const { db } = getDb();
  await db.delete(rateLimits);
  await db.delete(productPhotos);
  await db.delete(media);
});

describe("uploading photographs", () => {
  test("a phone's sideways JPEG is kept upright, without its EXIF, served for good by its hash", async () => {
    const jar = await staffJar();
    const pebble = await product();
    const res = await upload(
      jar,
      pebble.id,
      form([{ name: "pebble.jpg", bytes: await sidewaysJpeg(), alt: "Pebble in oat" }]),
    );
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Photograph added.");
    const [photo] = res.body.photos;
    expect(photo).toMatchObject({ alt: "Pebble in oat", width: 20, height: 40, fabric: null, isCard: false });
    expect(photo!.src).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);

    const served = await serve(photo!.src.slice("/media/".length));
    expect(served.status).toBe(200);
    expect(served.response.headers.get("content-type")).toBe("image/webp");
    expect(served.response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.response.headers.get("x-content-type-options")).toBe("nosniff");
    const [row] = await getDb().db.select().from(media);
    const meta = await sharp(row!.bytes).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 20, height: 40 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();

    const [entry] = await getDb().db.select().from(adminAudit).where(eq(adminAudit.action, "photo.add"));
    expect(entry).toMatchObject({ entity: "product", entityId: String(pebble.id) });
  });

  test("several at once keep their order and their descriptions", async () => {
    const jar = await staffJar();
    const pebble = await product();
    const res = await upload(
      jar,
      pebble.id,
      form([
        { name: "front.png", bytes: await png(30, 20), type: "image/png", alt: "Front" },
        { name: "side.jpg", bytes: await sidewaysJpeg(), alt: "Side" },
      ]),
    );
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("2 photographs added.");
    expect(res.body.photos.map((p) => p.alt)).toEqual(["Front", "Side"]);
  });

  test.each([
    [
      "a script named .jpg",
      async () => ({ name: "sofa.jpg", bytes: Buffer.from("#!/bin/sh\nrm -rf /\n") }),
      400,
      "photo_type_refused",
      "sofa.jpg is not a JPEG, PNG, WebP or AVIF picture",
    ],
    [
      "an SVG with a script",
      async () => ({
        name: "sofa.svg",
        type: "image/svg+xml",
        bytes: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><script>alert(1)</script><rect width="40" height="40"/></svg>',
        ),
      }),
      400,
      "photo_type_refused",
      "sofa.svg is not a JPEG, PNG, WebP or AVIF picture",
    ],
    [
      "a picture 20 000 px wide",
      async () => ({ name: "panorama.png", type: "image/png", bytes: await png(20_000, 10) }),
      400,
      "photo_too_big",
      "panorama.png is 20 000 px wide; at most 12 000 px",
    ],
    [
      "a picture of 100 megapixels in a small file",
      async () => ({ name: "bomb.png", type: "image/png", bytes: await png(10_000, 10_000) }),
      400,
      "photo_too_big",
      "bomb.png is 100 megapixels; at most 50",
    ],
    [
      "a file over 15 MB",
      async () => ({ name: "huge.jpg", bytes: Buffer.concat([await sidewaysJpeg(), Buffer.alloc(16 * 1024 * 1024)]) }),
      413,
      "photo_too_large",
      "huge.jpg is 16 MB; a photograph may be up to 15 MB",
    ],
  ])("%s is refused by name, and nothing of the upload is kept", async (_label, make, status, code, message) => {
    const jar = await staffJar();
    const pebble = await product();
    const good = { name: "good.jpg", bytes: await sidewaysJpeg() };
    const res = await upload(jar, pebble.id, form([good, await make()]));
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ code, message });
    expect(await stored()).toEqual({ photos: [], media: [] });
  });

  test("a 50 MB body is refused as too large, a photograph without a description too", async () => {
    const jar = await staffJar();
    const pebble = await product();
    const big = await upload(jar, pebble.id, form([{ name: "big.jpg", bytes: Buffer.alloc(50 * 1024 * 1024) }]));
    expect(big.status).toBe(413);
    expect(big.body.code).toBe("payload_too_large");
    const bare = await upload(jar, pebble.id, form([{ name: "x.jpg", bytes: await sidewaysJpeg(), alt: "  " }]));
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe("x.jpg: Describe the photograph for people who cannot see it");
    expect(await stored()).toEqual({ photos: [], media: [] });
  });

  test("a declared length over 20 MB is refused before the body is read; other calls keep their 64 kB", async () => {
    const jar = await staffJar();
    const pebble = await product();
    const declared = (path: string, length: number) =>
      call<Answer>(photosRoute.POST, path, {
        jar,
        raw: "x",
        headers: {
          ...SAME_ORIGIN,
          "content-type": "multipart/form-data; boundary=x",
          "content-length": String(length),
        },
        params: { id: String(pebble.id) },
      });
    const over = await declared(`/api/admin/products/${pebble.id}/photos`, 21 * 1024 * 1024);
    expect(over).toMatchObject({ status: 413, body: { code: "payload_too_large" } });
    const elsewhere = await call(photoRoute.POST, `/api/admin/products/${pebble.id}/photos/1`, {
      jar,
      raw: "x",
      headers: { ...SAME_ORIGIN, "content-type": "application/json", "content-length": String(1024 * 1024) },
      params: { id: String(pebble.id), photoId: "1" },
    });
    expect(elsewhere.status).toBe(413);
  });

  test("only staff may upload, and only from the shop's own pages", async () => {
    const pebble = await product();
    const body = () => form([{ name: "a.jpg", bytes: Buffer.from("x") }]);
    const customer = await makeCustomer(getDb().db);
    expect((await upload(customer.jar, pebble.id, await body())).status).toBe(404);
    const jar = await staffJar();
    const crossSite = await upload(jar, pebble.id, await body(), {
      origin: "https://evil.example",
      "sec-fetch-site": "cross-site",
    });
    expect(crossSite.status).toBe(403);
    expect((await upload(jar, 999_999, form([{ name: "a.jpg", bytes: await sidewaysJpeg() }]))).status).toBe(404);
    expect(await stored()).toEqual({ photos: [], media: [] });
  });
});

describe("arranging a product's photographs", () => {
  async function threePhotos() {
    const jar = await staffJar();
    const eden = await product("eden-2-seater");
    const res = await upload(
      jar,
      eden.id,
      form([
        { name: "a.png", bytes: await png(30, 20), alt: "First" },
        { name: "b.png", bytes: await png(31, 20), alt: "Second" },
        { name: "c.png", bytes: await png(32, 20), alt: "Third" },
      ]),
    );
    expect(res.status).toBe(201);
    return { jar, eden, photos: res.body.photos };
  }

  test("moved earlier and later, described again, chosen for the card, then deleted", async () => {
    const { jar, eden, photos } = await threePhotos();
    const [first, second, third] = photos.map((p) => p.id);
    let res = await change(jar, eden.id, third!, { action: "move", to: "earlier" });
    expect(res.body.photos.map((p) => p.alt)).toEqual(["First", "Third", "Second"]);
    res = await change(jar, eden.id, first!, { action: "move", to: "later" });
    expect(res.body.photos.map((p) => p.alt)).toEqual(["Third", "First", "Second"]);
    const atStart = await change(jar, eden.id, third!, { action: "move", to: "earlier" });
    expect(atStart).toMatchObject({ status: 409, body: { code: "photo_at_end" } });

    res = await change(jar, eden.id, second!, { action: "alt", alt: "  Eden in oat, from the side " });
    expect(res.body.photos.find((p) => p.id === second)!.alt).toBe("Eden in oat, from the side");
    expect((await change(jar, eden.id, second!, { action: "alt", alt: "" })).status).toBe(400);

    res = await change(jar, eden.id, second!, { action: "card" });
    res = await change(jar, eden.id, first!, { action: "card" });
    expect(res.body.photos.filter((p) => p.isCard).map((p) => p.id)).toEqual([first]);
    const [card] = await summariesById(getDb().db, [eden.id]);
    expect(card!.image).toEqual({ src: photos[0]!.src, alt: "First" });

    const gone = await call<Answer>(photoRoute.DELETE, `/api/admin/products/${eden.id}/photos/${first}`, {
      method: "DELETE",
      jar,
      headers: SAME_ORIGIN,
      params: { id: String(eden.id), photoId: String(first) },
    });
    expect(gone.status).toBe(200);
    expect(gone.body.photos.map((p) => p.alt)).toEqual(["Third", "Eden in oat, from the side"]);
    // Its picture went with it: the address no longer answers.
    expect((await serve(photos[0]!.src.slice("/media/".length))).status).toBe(404);

    const actions = await getDb().db.select({ action: adminAudit.action }).from(adminAudit);
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(["photo.update", "photo.delete"]));
  });

  test("a photograph of one fabric shows with that fabric; the product page shows photographs, not drawings", async () => {
    const { jar, eden, photos } = await threePhotos();
    const fabrics = eden.attributes.find((a) => a.name === "Fabric")!.options;
    const [first, second] = photos.map((p) => p.id);
    const wrong = await change(jar, eden.id, first!, { action: "fabric", fabric: "Tartan" });
    expect(wrong.status).toBe(400);
    await change(jar, eden.id, first!, { action: "fabric", fabric: fabrics[0] });
    await change(jar, eden.id, second!, { action: "fabric", fabric: fabrics[1] });

    const page = (await getProduct(getDb().db, eden.slug))!;
    expect(page.images.map((i) => i.alt)).toEqual(["First", "Second", "Third"]);
    const inFirst = page.variations.find((v) => v.attributes.Fabric === fabrics[0])!;
    expect(inFirst.images.map((i) => i.alt)).toEqual(["First", "Third"]);
    const inSecond = page.variations.find((v) => v.attributes.Fabric === fabrics[1])!;
    expect(inSecond.images.map((i) => i.alt)).toEqual(["Second", "Third"]);
    // A list filtered by a fabric shows that fabric's photograph on the card; unfiltered, the first for every fabric.
    const list = (fabricsWanted: string[]) =>
      listProducts(getDb().db, { sort: "featured", fabrics: fabricsWanted, page: 1, perPage: 100 });
    const card = async (fabricsWanted: string[]) =>
      (await list(fabricsWanted)).items.find((p) => p.id === eden.id)!.image.alt;
    expect(await card([fabrics[1]!])).toBe("Second");
    expect(await card([])).toBe("Third");
    // Back to every fabric.
    const back = await change(jar, eden.id, first!, { action: "fabric", fabric: null });
    expect(back.body.photos.find((p) => p.id === first)!.fabric).toBeNull();
  });

  test("another product's photograph, or a made-up one, is not found", async () => {
    const { jar, photos } = await threePhotos();
    const pebble = await product();
    expect((await change(jar, pebble.id, photos[0]!.id, { action: "card" })).status).toBe(404);
    expect((await change(jar, pebble.id, 2_000_000, { action: "card" })).status).toBe(404);
    const bad = await change(jar, pebble.id, photos[0]!.id, { action: "paint" });
    expect(bad.status).toBe(400);
  });

  test("a duplicate of a product has its photographs, in the same order", async () => {
    const { jar, eden } = await threePhotos();
    const copy = await call<{ product: { id: number } }>(productOne.POST, `/api/admin/products/${eden.id}`, {
      jar,
      json: { action: "duplicate" },
      headers: SAME_ORIGIN,
      params: { id: String(eden.id) },
    });
    expect(copy.status).toBe(201);
    const listed = await call<Answer>(photosRoute.GET, `/api/admin/products/${copy.body.product.id}/photos`, {
      jar,
      params: { id: String(copy.body.product.id) },
    });
    expect(listed.body.photos.map((p) => p.alt)).toEqual(["First", "Second", "Third"]);
  });

  test("a product without photographs keeps its drawings", async () => {
    const page = (await getProduct(getDb().db, "pebble-ottoman"))!;
    expect(page.images[0]!.src).toMatch(/^\/images\/products\/.+\.svg$/);
  });
});

describe("serving a stored picture", () => {
  test.each([
    ["not a hash", "sofa.webp"],
    ["an unknown hash", `${"a".repeat(64)}.webp`],
    ["upper-case hex", `${"A".repeat(64)}.webp`],
    ["another extension", `${"a".repeat(64)}.svg`],
    ["a path", `..%2F${"a".repeat(64)}.webp`],
  ])("%s is a 404", async (_label, file) => {
    const res = await serve(file);
    expect(res.status).toBe(404);
    expect(res.response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  test("a stored picture asked for under another type is a 404", async () => {
    const jar = await staffJar();
    const pebble = await product();
    const res = await upload(jar, pebble.id, form([{ name: "a.jpg", bytes: await sidewaysJpeg() }]));
    const hash = /([0-9a-f]{64})/.exec(res.body.photos[0]!.src)![1];
    expect((await serve(`${hash}.jpg`)).status).toBe(404);
    expect((await serve(`${hash}.webp`)).status).toBe(200);
  });
});
