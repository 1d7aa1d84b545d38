import { expect, expectAccessible, test, warmDatabase } from "./fixtures/shop";
import { signInAsStaff } from "./fixtures/admin";

warmDatabase();

test("staff add a fabric, change its colour and the shop shows it, are refused renaming a used one, and delete theirs", async ({
  page,
}, testInfo) => {
  // Each change expires the catalogue's cache, so the shop's pages here are rendered afresh.
  test.setTimeout(180_000);
  const stamp = `${testInfo.project.name.slice(0, 1)}${Date.now().toString(36)}`;
  const name = `Protea ${stamp}`;
  const slug = `protea-${stamp}`;
  // A family of its own, so the desktop and phone runs never write the same family's text.
  const family = `Silk ${stamp}`;
  const toast = (text: string | RegExp) => page.getByTestId("toast").filter({ hasText: text });
  const main = page.getByRole("main");
  const row = (fabric: string) => main.getByTestId("fabric-row").filter({ hasText: fabric });

  await signInAsStaff(page, undefined, "/admin/fabrics");
  await expect(
    page
      .getByRole("navigation", { name: "Back office", includeHidden: true })
      .getByRole("link", { name: "Fabrics", includeHidden: true }),
  ).toBeAttached();
  await expect(row("Oat").first()).toBeVisible();
  await expect(row("Ivory Bouclé")).toBeVisible();
  await expectAccessible(page);

  // A colour that is not #rrggbb is refused beside its field before anything is sent.
  await main.getByRole("link", { name: "New fabric" }).click();
  const form = main.getByRole("form", { name: "New fabric" });
  await form.getByLabel("Name").fill(name);
  await expect(form.getByLabel("Address")).toHaveValue(slug);
  await form.getByLabel("Colour", { exact: true }).fill("pink");
  await form.getByLabel("Shade", { exact: true }).fill("#8c3a5a");
  await form.getByLabel("Family").fill(family);
  await form.getByLabel("Colour words").fill("pink, rose");
  await form.getByLabel("Restock weeks").fill("6");
  await form.getByLabel("Note").fill("A deep protea pink velvet.");
  await form.getByRole("button", { name: "Create fabric" }).click();
  await expect(form.getByText("Give the colour as #rrggbb")).toBeVisible();
  await expect(form.getByLabel("Colour", { exact: true })).toBeFocused();

  await form.getByLabel("Colour", { exact: true }).fill("#c0587e");
  await form.getByRole("button", { name: "Create fabric" }).click();
  await expect(toast(`${name} created.`)).toBeVisible();
  await expect(main.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expectAccessible(page);

  // A new colour: saved, and the fabrics page draws the swatch in it at the next request.
  const edit = main.getByRole("form", { name: `Fabric ${name}` });
  await edit.getByLabel("Colour", { exact: true }).fill("#A8456A");
  await edit.getByRole("button", { name: "Save fabric" }).click();
  await expect(toast(`${name} saved.`)).toBeVisible();
  await expect(edit.getByLabel("Colour", { exact: true })).toHaveValue("#a8456a");

  await page.goto("/info/our-fabrics");
  const swatch = page.getByTestId("swatch").and(page.locator(`[data-fabric="${slug}"]`));
  await expect(swatch).toHaveAttribute("data-hex", "#a8456a");
  await expect(swatch).toContainText("A deep protea pink velvet.");

  // What the fabrics page says of the new fabric's family is written in the back office's Fabrics.
  await page.goto("/admin/fabrics");
  const familyForm = main.getByRole("form", { name: `The ${family} family` });
  await familyForm.getByLabel(`${family} (1 fabric)`).fill("Mulberry silk on a cotton back. Dry clean only.");
  await familyForm.getByRole("button", { name: `Save ${family}` }).click();
  await expect(toast(`${family} saved.`)).toBeVisible();
  await page.goto("/info/our-fabrics");
  await expect(page.getByRole("region", { name: family })).toContainText(
    "Mulberry silk on a cotton back. Dry clean only.",
  );
  await page.goto("/fabric-swatches");
  await expect(page.getByTestId("swatch-form").getByText(name)).toBeVisible();

  // Products offer Oat by its name: renaming it, or deleting it, is refused with the reason.
  await page.goto("/admin/fabrics");
  await main.getByRole("link", { name: "Oat", exact: true }).click();
  const oat = main.getByRole("form", { name: "Fabric Oat" });
  await oat.getByLabel("Name").fill("Oatmeal");
  await oat.getByRole("button", { name: "Save fabric" }).click();
  await expect(oat.getByText(/^\d+ products offer Oat: its name stays while they do/)).toBeVisible();
  await main.getByRole("button", { name: "Delete fabric" }).click();
  await expect(main.getByRole("alert").filter({ hasText: /\d+ products still offer Oat/ })).toBeVisible();
  await page.goto("/admin/fabrics");
  await expect(main.getByRole("link", { name: "Oat", exact: true })).toBeVisible();

  // The one nobody offers goes.
  await main.getByRole("link", { name, exact: true }).click();
  await main.getByRole("button", { name: "Delete fabric" }).click();
  await expect(toast(`${name} deleted.`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/fabrics$/);
  await expect(row(name)).toHaveCount(0);
});
