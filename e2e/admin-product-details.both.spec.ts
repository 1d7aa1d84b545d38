import { expect, expectAccessible, snap, test, warmDatabase } from "./fixtures/shop";
import { signInAsStaff } from "./fixtures/admin";
import { toast } from "./fixtures/forms";

warmDatabase();

/**
 * A product's details as staff change them in a real browser: a new address keeps the old one
 * working (308), the shop shows the new name, category, features, specifications and care at once,
 * and deleting asks first and then takes the product out of the shop. The product is one of the test's own, made through the catalogue import.
 */
test("staff rename a product's address and write its facts, the shop shows them, and a product never ordered is deleted", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const slug = `e2e-bench-${stamp}`;
  const renamed = `e2e-garden-bench-${stamp}`;
  const name = `Garden Bench ${stamp}`;
  const admin = await signInAsStaff(page, undefined, "/admin/products");

  const csv = [
    "Type,SKU,Name,Published,Regular price,Stock,Categories,Length (cm),Width (cm),Height (cm)",
    `simple,${slug},Workshop Bench ${stamp},1,2499.00,4,Ottomans,45,120,46`,
  ].join("\r\n");
  const made = await page.request.post("/api/admin/products/import", {
    data: csv,
    headers: { "content-type": "text/csv", origin: new URL(page.url()).origin },
  });
  expect(made.status()).toBe(200);

  await page.goto(`/admin/products?q=${slug}`);
  await admin.main.getByRole("link", { name: `Workshop Bench ${stamp}` }).click();
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
  const editor = page.url();
  const form = admin.main.getByRole("form", { name: `Details of Workshop Bench ${stamp}` });
  await expect(form.getByLabel("Address")).toHaveValue(slug);
  await expectAccessible(page);

  // A malformed address is refused beside its field before anything is sent.
  await form.getByLabel("Address").fill("Garden Bench");
  await form.getByRole("button", { name: "Save details" }).click();
  await expect(form.getByText("Use lower-case letters, digits and single hyphens")).toBeVisible();
  await expect(form.getByLabel("Address")).toBeFocused();

  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Address").fill(renamed);
  await form.getByLabel("Short description").fill("A bench for the stoep, in solid pine.");
  await form.getByLabel("Search title").fill(`Pine garden bench ${stamp}`);
  await form.getByLabel("Search description").fill("A solid pine bench, made to order in Cape Town.");
  await form.getByRole("button", { name: "Save details" }).click();
  await expect(toast(page, `${name} saved. /product/${slug} now leads to /product/${renamed}.`)).toBeVisible();
  await expect(admin.heading(name)).toBeVisible();
  // Its measurements, shown on its page in the shop.
  const measures = admin.main.getByRole("form", { name: `Measurements of ${name}` });
  await measures.getByLabel("Seat height (cm)").fill("44");
  await measures.getByRole("button", { name: "Save measurements" }).click();
  await expect(toast(page, "Measurements saved.")).toBeVisible();

  // Its category, features, specifications and care; a line the form cannot read is named.
  const details = admin.main.getByRole("form", { name: `Details of ${name}` });
  await details.getByLabel("Category").selectOption({ label: "Bed Frames" });
  await details.getByLabel("Features", { exact: true }).fill("Solid pine slats\n\n  Seats three on the stoep  ");
  const specs = details.getByLabel("Specifications", { exact: true });
  await specs.fill("Wood: Solid SA pine\nOiled twice");
  await details.getByLabel("Care", { exact: true }).fill("Oil it once a year, out of the rain.");
  await details.getByRole("button", { name: "Save details" }).click();
  await expect(details.getByText("Line 2: write it as Label: value")).toBeVisible();
  await expect(specs).toBeFocused();
  await specs.fill("Wood: Solid SA pine\nFinish: Oiled twice: then waxed");
  await details.getByRole("button", { name: "Save details" }).click();
  // Saved, the form shows what the shop keeps: blank lines gone, each line trimmed.
  await expect(details.getByLabel("Features", { exact: true })).toHaveValue(
    "Solid pine slats\nSeats three on the stoep",
  );
  await expect(admin.main.getByText(/^Bed Frames ·/)).toBeVisible();
  await expect(details.getByLabel("Category")).toHaveValue("bed-frames");
  await snap(page, testInfo, "admin-product-details");

  const old = await request.get(`/product/${slug}?utm_source=newsletter`, { maxRedirects: 0 });
  expect(old.status()).toBe(308);
  const location = new URL(old.headers()["location"]!, "http://x");
  expect([location.pathname, location.searchParams.get("utm_source")]).toEqual([`/product/${renamed}`, "newsletter"]);
  await page.goto(`/product/${slug}`);
  await expect(page).toHaveURL(new RegExp(`/product/${renamed}$`));
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByTestId("dimensions").first().locator("tr", { hasText: "Seat height" })).toContainText("44 cm");
  // What staff wrote, under the product page's tabs, at once.
  const info = page.getByRole("tabpanel");
  await page.getByRole("tab", { name: "Features" }).click();
  await expect(info.getByRole("listitem").filter({ hasText: "Seats three on the stoep" })).toBeVisible();
  await page.getByRole("tab", { name: "Specs & Sizes" }).click();
  await expect(info.getByRole("row", { name: "Finish Oiled twice: then waxed" })).toBeVisible();
  await expect(info.getByRole("row", { name: "Wood Solid SA pine" })).toBeVisible();
  await page.getByRole("tab", { name: "Warranty & Care" }).click();
  await expect(info.getByText("Oil it once a year, out of the rain.")).toBeVisible();
  // Search engines and link previews get the title and description staff wrote for them.
  await expect(page).toHaveTitle(new RegExp(`^Pine garden bench ${stamp}`));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    "A solid pine bench, made to order in Cape Town.",
  );
  // Now listed with the bed frames (a category no other test counts), and no longer with the ottomans.
  await page.goto("/product-category/bed-frames?sort=newest");
  await expect(page.getByRole("link", { name }).first()).toBeVisible();
  await page.goto("/product-category/ottomans?sort=newest");
  await expect(page.getByRole("link", { name: "Pebble Ottoman" }).first()).toBeVisible();
  await expect(page.getByRole("link", { name })).toHaveCount(0);

  // Deleting asks first; "Keep it" keeps it.
  await page.goto(editor);
  await expect(admin.heading(name)).toBeVisible();
  const remove = admin.main.getByRole("form", { name: `Delete ${name}` });
  await remove.getByRole("button", { name: "Delete product" }).click();
  await expect(remove.getByText(`Delete ${name} for good?`)).toBeVisible();
  await remove.getByRole("button", { name: "Keep it" }).click();
  await remove.getByRole("button", { name: "Delete product" }).click();
  await remove.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(toast(page, `${name} deleted.`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products$/);
  expect((await request.get(`/product/${renamed}`, { maxRedirects: 0 })).status()).toBe(404);
  expect((await request.get(`/product/${slug}`, { maxRedirects: 0 })).status()).toBe(404);
});

test("staff make a new product from the form, publish it, and a shopper finds it in its category and in search", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const name = `Karoo Daybed ${stamp}`;
  const slug = `karoo-daybed-${stamp}`;
  const admin = await signInAsStaff(page, undefined, "/admin/products");
  await admin.main.getByRole("link", { name: "New product" }).click();
  await expect(admin.heading("New product")).toBeVisible();
  const form = admin.main.getByRole("form", { name: "New product" });

  // Nothing is sent while a field is wrong; each says what is.
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Price (R)").fill("lots");
  await form.getByRole("button", { name: "Create product" }).click();
  // The address was suggested from the name.
  await expect(form.getByLabel("Address")).toHaveValue(slug);
  await expect(form.locator("p", { hasText: "Choose a category" })).toBeVisible();
  await expect(form.getByText("Enter an amount in rands, like 1250.00")).toBeVisible();
  await expect(form.getByText("Enter the width in whole centimetres")).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, "admin-new-product");

  await form.getByLabel("Category").selectOption({ label: "Sleeper Couches" });
  await form.getByLabel("Price (R)").fill("14 999");
  await form.getByLabel("In stock").fill("2");
  await form.getByLabel("Width").fill("200");
  await form.getByLabel("Depth").fill("90");
  await form.getByLabel("Height").fill("80");
  await form.getByLabel("Short description").fill("A daybed for the stoep, deep enough to nap on.");
  await form.getByRole("button", { name: "Create product" }).click();
  await expect(toast(page, `${name} created. It is hidden until you publish it.`)).toBeVisible();
  await expect(admin.heading(name)).toBeVisible();
  await expect(admin.main.getByTestId("product-published")).toHaveText("Hidden from the shop");
  expect((await request.get(`/product/${slug}`, { maxRedirects: 0 })).status()).toBe(404);

  // A date for the shop to publish it: tomorrow at 08:00 on the shop's clock (UTC+2, all year).
  const tomorrow = new Date(Date.now() + 2 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
  const schedule = admin.main.getByRole("form", { name: "Schedule publishing" });
  await schedule.getByLabel("Publish on (SAST)").fill(`${tomorrow}T08:00`);
  await schedule.getByRole("button", { name: "Schedule" }).click();
  await expect(admin.main.getByTestId("product-published")).toHaveText(
    /^Hidden until \d{1,2} \w{3} \d{4}, 08:00 \(SAST\), when the shop publishes it$/,
  );
  await expect(toast(page, new RegExp(`${name} will be published on .*, 08:00\\.`))).toBeVisible();
  expect((await request.get(`/product/${slug}`, { maxRedirects: 0 })).status()).toBe(404);
  await admin.main.getByRole("button", { name: "Cancel the date" }).click();
  await expect(admin.main.getByTestId("product-published")).toHaveText("Hidden from the shop");

  await admin.main.getByRole("button", { name: "Publish in the shop" }).click();
  await expect(admin.main.getByTestId("product-published")).toHaveText("Published in the shop");
  await page.goto(`/product/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(/R\s14\s999/);
  await page.goto(`/product-category/sleeper-couches?sort=newest`);
  await expect(page.getByRole("link", { name }).first()).toBeVisible();
  await page.goto("/search?q=karoo+daybed");
  await expect(page.getByRole("link", { name }).first()).toBeVisible();

  // A copy starts hidden, to change what differs.
  await page.goto(`/admin/products?q=${slug}`);
  await admin.main.getByRole("link", { name, exact: true }).click();
  await admin.main.getByRole("button", { name: "Duplicate" }).click();
  await expect(admin.heading(`${name} (copy)`)).toBeVisible();
  // The router keeps the original's page hidden in the document: the one shown is the copy's.
  await expect(admin.main.locator('[data-testid="product-published"]:visible')).toHaveText("Hidden from the shop");
});
