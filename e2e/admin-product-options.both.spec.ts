import { expect, expectAccessible, snap, test, warmDatabase } from "./fixtures/shop";
import { signInAsStaff } from "./fixtures/admin";
import { toast } from "./fixtures/forms";
import { createProduct } from "./fixtures/admin-catalog";

warmDatabase();

/**
 * A bed frame made in the back office with two sizes and two fabrics (in a category no other test counts): staff give it its attributes, a
 * price for the larger size, stock and the larger size's measurements, publish it, and a shopper
 * choosing the larger size sees its price and its own measurements.
 */
test("staff give a new bed frame two sizes and two fabrics, and a shopper buys the larger size at its price and measurements", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const name = `Kloof Bed ${stamp}`;
  const slug = `kloof-bed-${stamp}`;
  const admin = await signInAsStaff(page, undefined, "/admin/products/new");
  await createProduct(admin, { name, category: "Bed Frames", price: "12999", size: ["180", "90", "80"] });

  const options = admin.main.getByRole("form", { name: "Attributes and options" });
  await options.getByRole("button", { name: "Add an attribute" }).click();
  await options.getByLabel("Attribute", { exact: true }).nth(0).fill("Size");
  await options.getByLabel("Values of Size").fill("Queen, King");
  await options.getByRole("button", { name: "Add an attribute" }).click();
  await options.getByLabel("Attribute", { exact: true }).nth(1).fill("Fabric");
  // A fabric we do not make is refused beside its field, before anything is sent.
  await options.getByLabel("Values of Fabric").fill("Oat, Tartan");
  await options.getByRole("button", { name: "Save options" }).click();
  await expect(options.getByText(/Tartan is not one of our fabrics/)).toBeVisible();
  await options.getByLabel("Values of Fabric").fill("Oat, Charcoal");
  await expect(options.getByText("4 options: 4 new (no stock yet), 0 removed.")).toBeVisible();
  await options.getByRole("button", { name: "Save options" }).click();
  await expect(toast(page, "Options saved: 4 options, 4 new, 0 removed.")).toBeVisible();
  const items = admin.main.getByTestId("stock-item");
  await expect(items).toHaveCount(4);
  await expectAccessible(page);
  await snap(page, testInfo, "admin-product-options");

  // The King's price, for both its fabrics at once.
  const larger = admin.main.getByRole("form", { name: "Prices of King, Oat" });
  await larger.getByLabel("Regular price (R)").fill("16999");
  await larger.getByLabel(/Also for every King/).check();
  await larger.getByRole("button", { name: "Save prices" }).click();
  await expect(toast(page, "Price saved.")).toBeVisible();
  for (const option of ["Queen, Oat", "King, Charcoal"]) {
    const stock = admin.main.getByRole("form", { name: `Stock of ${option}` });
    await stock.getByLabel("Change").selectOption("set");
    await stock.getByLabel("Quantity").fill("3");
    await stock.getByRole("button", { name: "Save stock" }).click();
    await expect(admin.main.getByRole("region", { name: option, exact: true }).getByTestId("stock-count")).toHaveText(
      "3 in stock",
    );
  }
  await admin.main.locator("summary", { hasText: "King, Oat" }).click();
  const measures = admin.main.getByRole("form", { name: "Measurements of King, Oat" });
  await measures.getByLabel("Width (cm)").fill("226");
  await measures.getByLabel(/Also for every King/).check();
  await measures.getByRole("button", { name: "Save measurements" }).click();
  await expect(toast(page, "Measurements saved.")).toBeVisible();
  await admin.main.getByRole("button", { name: "Publish in the shop" }).click();
  await expect(admin.main.getByTestId("product-published")).toHaveText("Published in the shop");

  await page.goto(`/product/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.getByRole("radio", { name: /^King/ }).check({ force: true });
  await page.getByRole("radio", { name: /^Charcoal/ }).check({ force: true });
  await expect(page).toHaveURL(/size=king/);
  await expect(page.getByRole("main")).toContainText(/R\s16\s999/);
  await page.getByRole("tab", { name: "Specs & Sizes" }).click();
  await expect(page.getByTestId("dimensions-size")).toHaveText("King: W 226 x D 90 x H 80 cm");
  // Drawn to scale with the chosen size's measures.
  await expect(page.getByTestId("dimensions-drawing").getByRole("img")).toHaveAccessibleName(
    /^Drawn to scale from the front and the side: 226 cm wide, 90 cm deep and 80 cm high/,
  );
  await page.getByTestId("dimensions-drawing").scrollIntoViewIfNeeded();
  await snap(page, testInfo, "product-measured-drawing");
  await expectAccessible(page);
});
