import sharp from "sharp";
import { expect, expectAccessible, snap, test, warmDatabase } from "./fixtures/shop";
import { signInAsStaff } from "./fixtures/admin";
import { toast } from "./fixtures/forms";

warmDatabase();

/** A photograph as a camera gives it: a real JPEG or PNG, made here. */
const picture = (background: string, format: "jpeg" | "png") =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background } })
    [format]()
    .toBuffer();

/**
 * Photographs from the back office to the shop in a real browser: staff upload two at once, each
 * described, put the second first, and the product's page shows them in that order with those
 * words, resized by the image optimiser as AVIF or WebP. The product is the test's own.
 */
test("staff upload two photographs, reorder them, and the product page shows them", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const slug = `e2e-photo-stool-${stamp}`;
  const name = `Photo Stool ${stamp}`;
  const admin = await signInAsStaff(page, undefined, "/admin/products");
  const csv = [
    "Type,SKU,Name,Published,Regular price,Stock,Categories,Length (cm),Width (cm),Height (cm)",
    `simple,${slug},${name},1,1299.00,4,Ottomans,40,40,45`,
  ].join("\r\n");
  const made = await page.request.post("/api/admin/products/import", {
    data: csv,
    headers: { "content-type": "text/csv", origin: new URL(page.url()).origin },
  });
  expect(made.status()).toBe(200);

  await page.goto(`/admin/products?q=${slug}`);
  await admin.main.getByRole("link", { name }).click();
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
  const section = page.getByTestId("product-photos");
  await expect(section.getByText("No photographs yet")).toBeVisible();

  await section.getByLabel("Add photographs").setInputFiles([
    { name: "stool-front.jpg", mimeType: "image/jpeg", buffer: await picture("#b5651d", "jpeg") },
    { name: "stool-side.png", mimeType: "image/png", buffer: await picture("#556b2f", "png") },
  ]);
  // Each must be described before it is sent.
  await section.getByRole("button", { name: "Upload 2 photographs" }).click();
  await expect(section.getByLabel("Description of stool-front.jpg")).toBeFocused();
  await section.getByLabel("Description of stool-front.jpg").fill("The stool from the front, in cognac leather");
  await section.getByLabel("Description of stool-side.png").fill("The stool from the side, on a green rug");
  await section.getByRole("button", { name: "Upload 2 photographs" }).click();
  await expect(toast(page, "2 photographs added.")).toBeVisible();
  const rows = section.getByTestId("photo-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByLabel("Description")).toHaveValue("The stool from the front, in cognac leather");

  await rows.nth(1).getByRole("button", { name: "Move photograph 2 earlier" }).click();
  await expect(toast(page, "Order saved.")).toBeVisible();
  await expect(rows.nth(0).getByLabel("Description")).toHaveValue("The stool from the side, on a green rug");
  await expect(rows.nth(0).getByRole("button", { name: "Move photograph 1 earlier" })).toBeDisabled();
  await expectAccessible(page);
  await section.scrollIntoViewIfNeeded();
  await snap(page, testInfo, "admin-photos");

  await page.goto(`/product/${slug}`);
  const main = page.getByTestId("gallery-main");
  await expect(main).toHaveAttribute("alt", "The stool from the side, on a green rug");
  await expect(main).toHaveAttribute("fetchpriority", "high");
  await expect(main).toHaveAttribute("sizes", /100vw/);
  const thumbs = page.getByRole("list", { name: "Product pictures" }).getByRole("button");
  await expect(thumbs.nth(0)).toHaveAccessibleName("Show The stool from the side, on a green rug");
  await expect(thumbs.nth(1)).toHaveAccessibleName("Show The stool from the front, in cognac leather");

  const src = await main.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(new URL(src).pathname).toBe("/_next/image");
  expect(new URL(src).searchParams.get("url")).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
  const served = await page.request.get(src, { headers: { accept: "image/avif,image/webp,*/*" } });
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toMatch(/^image\/(avif|webp)$/);
  expect(await main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});
