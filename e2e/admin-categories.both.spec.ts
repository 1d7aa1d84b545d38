import { expect, expectAccessible, test, warmDatabase } from "./fixtures/shop";
import { signInAsStaff } from "./fixtures/admin";

warmDatabase();

test("staff add a category, the shop shows it, a new address keeps the old one, and a full category stays", async ({
  page,
  request,
}, testInfo) => {
  // Each change expires the catalogue's cache, so several shop pages here are rendered afresh.
  test.setTimeout(180_000);
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const name = `Garden Loungers ${stamp}`;
  const slug = `garden-loungers-${stamp}`;
  const renamed = `patio-loungers-${stamp}`;
  const toast = (text: string | RegExp) => page.getByTestId("toast").filter({ hasText: text });
  const main = page.getByRole("main");

  await signInAsStaff(page, undefined, "/admin/categories");
  await expect(
    page
      .getByRole("navigation", { name: "Back office", includeHidden: true })
      .getByRole("link", { name: "Categories", includeHidden: true }),
  ).toBeAttached();
  await expect(main.getByTestId("category-row").filter({ hasText: "/product-category/couches" })).toBeVisible();
  await expectAccessible(page);

  // A malformed address is refused beside its field before anything is sent.
  await main.getByRole("link", { name: "New category" }).click();
  const form = main.getByRole("form", { name: "New category" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Address").fill("Garden Loungers");
  await form.getByRole("button", { name: "Create category" }).click();
  await expect(form.getByText("Use lower-case letters, digits and single hyphens")).toBeVisible();
  await expect(form.getByLabel("Address")).toBeFocused();

  await form.getByLabel("Address").fill(slug);
  await form.getByLabel("Description").fill("Loungers for the stoep and the garden.");
  await form.getByRole("button", { name: "Create category" }).click();
  await expect(toast(`${name} created.`)).toBeVisible();
  await expect(main.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expectAccessible(page);

  // The shop shows it at the next request.
  const shown = await page.goto(`/product-category/${slug}`);
  expect(shown?.status()).toBe(200);
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();

  // A new address: the old one answers with a 308 to it.
  await page.goBack();
  const edit = main.getByRole("form", { name: `Category ${name}` });
  await edit.getByLabel("Address").fill(renamed);
  await edit.getByRole("button", { name: "Save category" }).click();
  await expect(toast(`/product-category/${slug} now leads to /product-category/${renamed}`)).toBeVisible();
  const old = await request.get(`/product-category/${slug}?utm_source=newsletter`, { maxRedirects: 0 });
  expect(old.status()).toBe(308);
  expect(new URL(old.headers()["location"]!, "http://x").pathname).toBe(`/product-category/${renamed}`);
  expect(new URL(old.headers()["location"]!, "http://x").searchParams.get("utm_source")).toBe("newsletter");
  await page.goto(`/product-category/${slug}`);
  await expect(page).toHaveURL(new RegExp(`/product-category/${renamed}$`));
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();

  // A category that still holds products is not deleted, and staff are told why.
  await page.goto("/admin/categories");
  await main.getByRole("link", { name: "Couches", exact: true }).click();
  await main.getByRole("button", { name: "Delete category" }).click();
  await expect(main.getByRole("alert").filter({ hasText: /Couches still holds \d+ products/ })).toBeVisible();
  expect((await request.get("/product-category/couches")).status()).toBe(200);

  // The empty one goes.
  await page.goto("/admin/categories");
  await main.getByRole("link", { name, exact: true }).click();
  await main.getByRole("button", { name: "Delete category" }).click();
  await expect(toast(`${name} deleted.`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/categories$/);
  await expect(main.getByTestId("category-row").filter({ hasText: name })).toHaveCount(0);
  expect((await request.get(`/product-category/${renamed}`, { maxRedirects: 0 })).status()).toBe(404);
});
