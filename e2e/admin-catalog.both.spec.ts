import { expect, expectAccessible, normaliseSpaces, rands, snap, test, warmDatabase } from "./fixtures/shop";
import { signInAsStaff } from "./fixtures/admin";
import { CatalogAdmin } from "./fixtures/admin-catalog";

warmDatabase();

const randsField = (cents: number) => (cents / 100).toFixed(2);

test("staff change a price and the product page shows it at once", async ({ page, catalogue }, testInfo) => {
  // A simple product that no other spec prices, one per project so the two runs never meet.
  const simple = catalogue.filter((p) => Object.keys(p.variations).length === 0 && p.slug !== "pebble-ottoman");
  const product = simple[testInfo.project.name === "phone" ? 1 : 0]!;
  const before = Number(product.regular_price);

  await page.goto(`/product/${product.slug}`);
  const shopPrice = page.getByTestId("buy-box").getByTestId("price-now");
  await expect(shopPrice).toHaveText(new RegExp(rands(product.price).replace(/ /g, "\\s")));

  await signInAsStaff(page, undefined, "/admin");
  const admin = new CatalogAdmin(page);
  await page.goto("/admin/products");
  await expect(admin.main.getByTestId("admin-product").first()).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, "admin-products");

  await admin.openProduct(product.name);
  const after = before + 12_300;
  await admin.setPrices(product.name, randsField(after));
  await expect(admin.toast("Price saved.")).toBeVisible();
  await expect(admin.item(product.name).getByText(`Now ${rands(after)}`.replace(/ /g, "\u00a0"))).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, "admin-product");

  // A price the database would refuse is refused with words, beside its field.
  await admin.setPrices(product.name, randsField(after), randsField(after + 100));
  await expect(
    admin.item(product.name).getByText("The sale price must be below the regular price").first(),
  ).toBeVisible();

  await page.goto(`/product/${product.slug}`);
  expect(normaliseSpaces(await shopPrice.textContent())).toBe(rands(after));

  await page.goto(`/admin/products/${product.id}`);
  await admin.setPrices(
    product.name,
    randsField(before),
    product.price !== product.regular_price ? randsField(Number(product.price)) : "",
  );
  await expect(admin.toast("Price saved.")).toBeVisible();
});

test("staff hide a review and it leaves the product page", async ({ page, request, catalogue }, testInfo) => {
  const product = catalogue.find((p) => p.slug === "lowveld-ottoman-bench") ?? catalogue[2]!;
  const title = `Hide me ${testInfo.project.name} ${Date.now()}`;
  const written = await request.post("/api/review-create", {
    data: {
      name: "Karen Botha",
      email: `hide-${testInfo.project.name}-${Date.now()}@example.com`,
      title,
      message: "The bench arrived scratched and the legs wobble.",
      rating: 1,
      productId: product.id,
    },
  });
  expect(written.status(), await written.text()).toBe(201);

  await page.goto(`/product/${product.slug}`);
  const section = page.getByTestId("product-reviews");
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByTestId("review").filter({ hasText: title })).toBeVisible();
  const count = normaliseSpaces(await section.getByTestId("review-count").textContent());

  await signInAsStaff(page, undefined, "/admin");
  const admin = new CatalogAdmin(page);
  await admin.findReview(title);
  await expectAccessible(page);
  await admin.review(title).getByRole("button", { name: "Hide" }).click();
  await expect(admin.toast("Review hidden.")).toBeVisible();
  await expect(admin.review(title).getByTestId("review-status")).toHaveText("Hidden");
  await snap(page, testInfo, "admin-reviews");

  await page.goto(`/product/${product.slug}`);
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByTestId("review-count")).not.toHaveText(count);
  await expect(section.getByTestId("review").filter({ hasText: title })).toHaveCount(0);
});

test("staff create a coupon and read the marketing lists", async ({ page }, testInfo) => {
  await signInAsStaff(page, undefined, "/admin");
  const code = `E2E${testInfo.project.name.toUpperCase()}${Date.now() % 100_000}`;
  await page.goto("/admin/coupons");
  await expect(page.getByTestId("coupon-row").first()).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, "admin-coupons");

  await page.getByRole("link", { name: "New coupon" }).click();
  const form = page.getByRole("form", { name: "New coupon" });
  await form.getByLabel("Code", { exact: true }).fill(code);
  await form.getByLabel("Description").fill("Twelve percent off ottomans");
  await form.getByLabel("Percent off").fill("120");
  await form.getByRole("button", { name: "Create coupon" }).click();
  await expect(form.getByText("A percentage is a whole number from 1 to 100").first()).toBeVisible();
  await expect(form.getByLabel("Percent off")).toBeFocused();
  await form.getByLabel("Percent off").fill("12");
  await form.getByRole("checkbox", { name: "Ottomans" }).check();
  await form.getByRole("button", { name: "Create coupon" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Coupon ${code}` })).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, "admin-coupon");

  await page.goto("/admin/marketing");
  await expect(page.getByRole("heading", { level: 1, name: "Marketing" })).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, "admin-marketing");
  await page.getByRole("link", { name: /Contact messages/ }).click();
  await expect(page.getByRole("link", { name: /Contact messages/ })).toHaveAttribute("aria-current", "page");
  await expectAccessible(page);
});
