import { eq, isNull, or } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { addPhoto } from "@/test/support/photos";
import { media, productPhotos, products } from "@/lib/db/schema";
import { DRAWING_SIZE, drawingOf, picturesOf, productPictures } from "@/lib/catalog/pictures";

const getDb = setupTestDb();

async function product(slug: string) {
  const [p] = await getDb().db.select().from(products).where(eq(products.slug, slug));
  return p!;
}

const fabricsOf = (p: Awaited<ReturnType<typeof product>>) => p.attributes.find((a) => a.name === "Fabric")!.options;

beforeEach(async () => {
  const { db } = getDb();
  await db.delete(productPhotos);
  await db.delete(media);
});

test("a product without photographs shows its drawing: an option's own, or the product's main one", async () => {
  const eden = await product("eden-2-seater");
  const [fabric] = fabricsOf(eden);
  const [plain, inFabric] = await productPictures(getDb().db, [
    { product: eden },
    { product: eden, options: { Fabric: fabric! } },
  ]);
  expect(plain).toEqual({ src: eden.images[0]!.src, alt: eden.name, ...DRAWING_SIZE });
  expect(inFabric).toEqual(drawingOf(eden, { Fabric: fabric! }));
  expect(inFabric!.src).toMatch(/^\/images\/products\/eden-2-seater\/.+-main\.svg$/);
  expect(inFabric!.alt).toBe(`${eden.name} in ${fabric}`);
});

test("a photographed product shows its card's photograph, with its own size and words", async () => {
  const eden = await product("eden-2-seater");
  await addPhoto(getDb().db, eden.id, { alt: "The first" });
  const card = await addPhoto(getDb().db, eden.id, {
    isCard: true,
    alt: "The Eden by a window",
    width: 48,
    height: 32,
  });
  const [shown] = await productPictures(getDb().db, [{ product: eden }]);
  expect(shown).toEqual({
    src: card.src,
    alt: "The Eden by a window",
    width: 48,
    height: 32,
    srcset: expect.stringMatching(
      /^\/_next\/image\?url=%2Fmedia%2F[0-9a-f]{64}\.webp&w=128&q=\d+ 1x, .+&w=256&q=\d+ 2x$/,
    ),
  });
});

test("a line in a fabric shows that fabric's photograph, else one for every fabric, else its drawing", async () => {
  const { db } = getDb();
  const eden = await product("eden-2-seater");
  const [first, second, third] = fabricsOf(eden);
  const everyFabric = await addPhoto(db, eden.id);
  const inSecond = await addPhoto(db, eden.id, { fabric: second! });
  // The card the shop chose is in the first fabric: a line in the second still shows the second.
  await addPhoto(db, eden.id, { fabric: first!, isCard: true });
  const pictureOf = await picturesOf(db, [eden.id, eden.id]);
  const drawing = drawingOf(eden, { Fabric: second! });
  expect(pictureOf(eden.id, { Fabric: second! }, drawing).src).toBe(inSecond.src);
  expect(pictureOf(eden.id, { Fabric: third! }, drawing).src).toBe(everyFabric.src);

  await db.delete(productPhotos).where(or(isNull(productPhotos.fabric), eq(productPhotos.fabric, second!)));
  const onlyFirst = await picturesOf(db, [eden.id]);
  // Only a photograph of another fabric is left: the line keeps its own drawing.
  expect(onlyFirst(eden.id, { Fabric: third! }, drawingOf(eden, { Fabric: third! }))).toEqual(
    drawingOf(eden, { Fabric: third! }),
  );
});

test("a product that is gone, or one not asked about, keeps the drawing it was given", async () => {
  const { db } = getDb();
  const pebble = await product("pebble-ottoman");
  await addPhoto(db, pebble.id);
  const pictureOf = await picturesOf(db, [null]);
  const kept = { src: "/images/products/gone/default-main.svg", alt: "Gone", ...DRAWING_SIZE };
  expect(pictureOf(null, {}, kept)).toBe(kept);
  expect(pictureOf(pebble.id, {}, kept)).toBe(kept);
});
