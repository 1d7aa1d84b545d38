import sharp from "sharp";
import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, snap, test, warmDatabase } from "./fixtures/shop";
import { signInAsStaff } from "./fixtures/admin";
import { toast } from "./fixtures/forms";
import { addAttributes, createProduct } from "./fixtures/admin-catalog";

warmDatabase();

/** A photograph as a camera gives it: a real JPEG, made here, one colour per picture. */
const photograph = (background: string) =>
  sharp({ create: { width: 2000, height: 1500, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** The product page's "Will it fit?", answered for a wall of this width with a wide door. */
async function fitVerdict(page: Page, wallCm: string): Promise<Locator> {
  const section = page.getByTestId("will-it-fit");
  const toggle = section.getByRole("button", { name: /Will it fit\?/ });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  await section.getByLabel(/^Door width/).fill("100");
  await section.getByLabel(/^Door height/).fill("210");
  await section.getByLabel(/^Space along the wall/).fill(wallCm);
  await section.getByRole("button", { name: "Check the fit" }).click();
  return section.getByTestId("fit-verdict");
}

/**
 * The whole afternoon, as the owner and then a shopper: a new couch made in the browser
 * with two sizes, two fabrics and four described photographs; published, the shopper finds it in
 * its category, in search and in the sitemap, sees the photographs (resized, AVIF or WebP), each
 * size's own measurements and fit, its JSON-LD and its link preview. Its new address keeps the
 * old one working; hidden, it is gone from every list; then it is deleted, as it was never ordered.
 */
test("the owner adds a couch with sizes, fabrics and photographs, and a shopper finds and checks it", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(420_000);
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const name = `Umhlanga Couch ${stamp}`;
  const slug = `umhlanga-couch-${stamp}`;

  // --- The owner, in the back office.
  const admin = await signInAsStaff(page, undefined, "/admin/products/new");
  await createProduct(admin, {
    name,
    category: "Couches",
    price: "14999",
    size: ["180", "95", "85"],
    short: "A deep, low couch for a coastal lounge.",
  });

  const options = admin.main.getByRole("form", { name: "Attributes and options" });
  await addAttributes(options, [
    ["Size", "2 Seater, 3 Seater"],
    ["Fabric", "Oat, Charcoal"],
  ]);
  await options.getByRole("button", { name: "Save options" }).click();
  await expect(toast(page, "Options saved: 4 options, 4 new, 0 removed.")).toBeVisible();

  // The 3 Seater's price and measurements, for both its fabrics at once; stock for two options.
  const larger = admin.main.getByRole("form", { name: "Prices of 3 Seater, Oat" });
  await larger.getByLabel("Regular price (R)").fill("18999");
  await larger.getByLabel(/Also for every 3 Seater/).check();
  await larger.getByRole("button", { name: "Save prices" }).click();
  await expect(toast(page, "Price saved.")).toBeVisible();
  for (const option of ["2 Seater, Oat", "3 Seater, Charcoal"]) {
    const stock = admin.main.getByRole("form", { name: `Stock of ${option}` });
    await stock.getByLabel("Change").selectOption("set");
    await stock.getByLabel("Quantity").fill("3");
    await stock.getByRole("button", { name: "Save stock" }).click();
    await expect(admin.main.getByRole("region", { name: option, exact: true }).getByTestId("stock-count")).toHaveText(
      "3 in stock",
    );
  }
  await admin.main.locator("summary", { hasText: "3 Seater, Oat" }).click();
  const measures = admin.main.getByRole("form", { name: "Measurements of 3 Seater, Oat" });
  await measures.getByLabel("Width (cm)").fill("230");
  await measures.getByLabel(/Also for every 3 Seater/).check();
  await measures.getByRole("button", { name: "Save measurements" }).click();
  await expect(toast(page, "Measurements saved.")).toBeVisible();

  // Four photographs, each described.
  const photos = page.getByTestId("product-photos");
  const colours = ["#c9b79c", "#8a8f7a", "#5b5e66", "#b07a5a"];
  const alts = [
    "The couch in Oat, from the front, in a white-walled lounge",
    "The couch in Oat, from the side, showing its deep seat",
    "The couch in Charcoal, from the front",
    "A close look at the Oat weave and the piped seam",
  ];
  await photos.getByLabel("Add photographs").setInputFiles(
    await Promise.all(
      colours.map(async (c, i) => ({
        name: `umhlanga-${i + 1}.jpg`,
        mimeType: "image/jpeg",
        buffer: await photograph(c),
      })),
    ),
  );
  for (const [i, alt] of alts.entries()) await photos.getByLabel(`Description of umhlanga-${i + 1}.jpg`).fill(alt);
  await photos.getByRole("button", { name: "Upload 4 photographs" }).click();
  await expect(toast(page, "4 photographs added.")).toBeVisible();
  await expect(photos.getByTestId("photo-row")).toHaveCount(4);

  await admin.main.getByRole("button", { name: "Publish in the shop" }).click();
  await expect(admin.main.getByTestId("product-published")).toHaveText("Published in the shop");
  const editor = page.url();
  const published = Date.now();

  // --- A shopper, within a minute: its category, search and the sitemap list it.
  await page.goto("/product-category/couches?sort=newest");
  await expect(page.getByRole("link", { name }).first()).toBeVisible();
  await page.goto("/search?q=umhlanga");
  await expect(page.getByRole("link", { name }).first()).toBeVisible();
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`/product/${slug}</loc>`);
  expect(Date.now() - published).toBeLessThan(60_000);

  // Its photographs, in the staff's order and words, resized by the image optimiser.
  await page.goto(`/product/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const main = page.getByTestId("gallery-main");
  await expect(main).toHaveAttribute("alt", alts[0]!);
  const thumbs = page.getByRole("list", { name: "Product pictures" }).getByRole("button");
  // The Oat photographs and the one for every fabric, in the chosen (first) fabric.
  await expect(thumbs.first()).toHaveAccessibleName(`Show ${alts[0]}`);
  const src = new URL(await main.evaluate((img: HTMLImageElement) => img.currentSrc));
  expect(src.pathname).toBe("/_next/image");
  expect(src.searchParams.get("url")).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
  // The size fetched is no wider than the window needs at this device's pixel density.
  const needed = await page.evaluate(() => window.innerWidth * window.devicePixelRatio);
  expect(Number(src.searchParams.get("w"))).toBeLessThanOrEqual(Math.max(needed * 1.5, 640));
  const served = await page.request.get(src.toString(), { headers: { accept: "image/avif,image/webp,*/*" } });
  expect(served.headers()["content-type"]).toMatch(/^image\/(avif|webp)$/);
  expect(served.headers()["cache-control"]).toMatch(/max-age=\d{4,}/);
  await expectAccessible(page);
  await snap(page, testInfo, "owner-couch-product");

  // Each size's own measurements, and the fit check for a 200 cm wall answers for each.
  await page.getByRole("tab", { name: "Specs & Sizes" }).click();
  await expect(page.getByTestId("dimensions-size")).toHaveText("2 Seater: W 180 x D 95 x H 85 cm");
  await expect(await fitVerdict(page, "200")).toHaveText("It fits");
  await page.getByRole("radio", { name: /^3 Seater/ }).check({ force: true });
  await expect(page).toHaveURL(/size=3-seater/);
  // Only the Charcoal 3 Seater is in stock: chosen, its own price shows.
  await page.getByRole("radio", { name: /^Charcoal/ }).check({ force: true });
  await expect(page.getByRole("main")).toContainText(/R\s18\s999/);
  await expect(page.getByTestId("will-it-fit").getByTestId("fit-piece")).toContainText("Checked for the 3 Seater");
  await expect(page.getByTestId("will-it-fit").getByTestId("fit-verdict")).toHaveText("It won't fit");
  await page.getByRole("tab", { name: "Specs & Sizes" }).click();
  await expect(page.getByTestId("dimensions-size")).toHaveText("3 Seater: W 230 x D 95 x H 85 cm");

  // Its structured data names it, its price range and its photographs; its link preview is a picture.
  const html = await (await request.get(`/product/${slug}`)).text();
  const ld = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
    .flatMap((j) => (Array.isArray(j["@graph"]) ? (j["@graph"] as Record<string, unknown>[]) : [j]))
    .find((j) => j["@type"] === "Product" || j["@type"] === "ProductGroup");
  expect(ld?.name).toBe(name);
  expect(JSON.stringify(ld)).toMatch(/\/media\/[0-9a-f]{64}\.webp/);
  expect(JSON.stringify(ld)).toMatch(/14999|18999/);
  const og = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
  expect(og).toBeDefined();
  const preview = await request.get(
    new URL(og!.replace(/&amp;/g, "&")).pathname + new URL(og!.replace(/&amp;/g, "&")).search,
  );
  expect(preview.status()).toBe(200);
  expect(preview.headers()["content-type"]).toMatch(/^image\/(png|jpeg)$/);

  // --- A new address keeps the old one working.
  await page.goto(editor);
  const renamed = `${slug}-linen`;
  const details = admin.main.getByRole("form", { name: `Details of ${name}` });
  await details.getByLabel("Address").fill(renamed);
  await details.getByRole("button", { name: "Save details" }).click();
  await expect(toast(page, `${name} saved. /product/${slug} now leads to /product/${renamed}.`)).toBeVisible();
  const old = await request.get(`/product/${slug}`, { maxRedirects: 0 });
  expect(old.status()).toBe(308);
  expect(new URL(old.headers()["location"]!, "http://x").pathname).toBe(`/product/${renamed}`);

  // --- Hidden: not found, and gone from its category, search, the sitemap and the product list.
  await admin.main.getByRole("button", { name: "Hide from the shop" }).click();
  await expect(admin.main.getByTestId("product-published")).toHaveText("Hidden from the shop");
  expect((await request.get(`/product/${renamed}`, { maxRedirects: 0 })).status()).toBe(404);
  await page.goto("/product-category/couches?sort=newest");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name })).toHaveCount(0);
  await page.goto("/search?q=umhlanga");
  await expect(page.getByRole("link", { name })).toHaveCount(0);
  expect(await (await request.get("/sitemap.xml")).text()).not.toContain(renamed);
  expect(await (await request.get("/api/products-blob")).text()).not.toContain(renamed);

  // --- Never ordered, it may be deleted for good; its addresses then answer 404.
  await page.goto(editor);
  const remove = admin.main.getByRole("form", { name: `Delete ${name}` });
  await remove.getByRole("button", { name: "Delete product" }).click();
  await remove.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(toast(page, `${name} deleted.`)).toBeVisible();
  expect((await request.get(`/product/${slug}`, { maxRedirects: 0 })).status()).toBe(404);
});
