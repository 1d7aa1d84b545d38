import fs from "node:fs";
import { csvRecords, parseCsv } from "../test/support/admin-csv";
import { signInAsStaff } from "./fixtures/admin";
import { expect, test, warmDatabase } from "./fixtures/shop";

/**
 * The catalogue's CSV in a real browser: staff download it from the products page, add a product
 * to it in a spreadsheet, see the check refuse a bad row by its number, put it right, see what
 * would change, and import it.
 */
warmDatabase();

const quoted = (cells: string[]) => cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(",");

test("staff export the catalogue, check an edited file and import it", async ({ page }) => {
  test.setTimeout(120_000);
  const admin = await signInAsStaff(page, undefined, "/admin/products");
  const download = page.waitForEvent("download");
  await admin.main.getByRole("link", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^kaya-products-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync(await file.path(), "utf8");
  const header = parseCsv(csv)[0]!;
  const records = csvRecords(csv);
  expect(records.length).toBeGreaterThan(10);
  const sku = `e2e-stool-${Date.now()}`;
  const row = (price: string) =>
    quoted(
      header.map(
        (h) =>
          ({
            Type: "simple",
            SKU: sku,
            Name: "Workshop Stool",
            "Regular price": price,
            Stock: "3",
            Categories: "Ottomans",
            "Length (cm)": "40",
            "Width (cm)": "40",
            "Height (cm)": "45",
          })[h] ?? "",
      ),
    );
  const rowNumber = records.length + 2;

  await admin.main.getByRole("link", { name: "Import CSV" }).click();
  await expect(admin.heading("Import products")).toBeVisible();
  const input = admin.main.getByLabel("WooCommerce product CSV");
  await input.setInputFiles({
    name: "products.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`${csv}${row("abc")}\r\n`),
  });
  await admin.main.getByRole("button", { name: "Check the file" }).click();
  await expect(admin.main.getByTestId("import-errors")).toHaveText(
    `Row ${rowNumber}: Regular price 'abc' is not an amount in rand`,
  );
  await expect(admin.main.getByRole("button", { name: /^Import/ })).toHaveCount(0);

  await input.setInputFiles({
    name: "products.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`${csv}${row("899.00")}\r\n`),
  });
  await admin.main.getByRole("button", { name: "Check the file" }).click();
  const changes = admin.main.getByTestId("import-changes");
  await expect(changes.getByRole("row")).toHaveCount(2);
  await expect(changes.getByRole("row").nth(1)).toContainText(String(rowNumber));
  await expect(changes.getByRole("row").nth(1)).toContainText("New simple product: Workshop Stool in Ottomans");
  await admin.main.getByRole("button", { name: "Import 1 change" }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await page.goto(`/admin/products?q=${sku}`);
  await expect(admin.main.getByText("Workshop Stool").first()).toBeVisible();
});
