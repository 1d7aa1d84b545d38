import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, snap, test } from "./fixtures/shop";

/**
 * "Will it fit?" on a product page as a shopper uses it: closed at first, with none of its code
 * loaded; opened, it takes the door's measurements and answers, with the reason and a drawing;
 * the measurements are still there on the next product.
 */
class FitCheck {
  readonly section: Locator;
  readonly toggle: Locator;
  readonly answer: Locator;
  constructor(readonly page: Page) {
    this.section = page.getByTestId("will-it-fit");
    this.toggle = this.section.getByRole("button", { name: /Will it fit\?/ });
    this.answer = this.section.getByRole("status").and(page.getByTestId("fit-answer"));
  }
  field(label: string | RegExp): Locator {
    return this.section.getByLabel(label);
  }
  async open() {
    await this.toggle.click();
    await expect(this.toggle).toHaveAttribute("aria-expanded", "true");
    await expect(this.field(/^Door width/)).toBeVisible();
  }
  async measureDoor(width: string, height: string) {
    await this.field(/^Door width/).fill(width);
    await this.field(/^Door height/).fill(height);
    await this.section.getByRole("button", { name: "Check the fit" }).click();
  }
  verdict(): Locator {
    return this.answer.getByTestId("fit-verdict");
  }
}

async function screenshotForReadme(fit: FitCheck, name: string) {
  if (process.env.README_SCREENSHOTS !== "1") return;
  const file = path.join("docs", "images", `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Its foot at the bottom of the window, so the sticky header covers none of it.
  await fit.section.evaluate((el) => el.scrollIntoView({ block: "end" }));
  await fit.section.screenshot({ path: file });
}

test.describe("will it fit?", () => {
  test("a narrow door: won't fit, with the reason; a wider one fits; the measurements follow to the next product", async ({
    page,
  }, testInfo) => {
    const scripts: string[] = [];
    page.on("request", (req) => {
      if (req.resourceType() === "script") scripts.push(req.url());
    });
    await page.goto("/product/eden-2-seater");
    const fit = new FitCheck(page);
    await expect(fit.toggle).toHaveAttribute("aria-expanded", "false");
    await expect(fit.section.getByRole("textbox")).toHaveCount(0);
    await page.waitForLoadState("networkidle");
    const beforeOpening = scripts.length;

    await fit.open();
    // The form and its checks came with the click, as scripts of their own.
    expect(scripts.length).toBeGreaterThan(beforeOpening);

    // Eden 2 Seater: 92 cm deep, 82 cm tilted, 84 cm high, 178 cm long.
    await fit.measureDoor("70", "203");
    await expect(fit.verdict()).toHaveText("It won't fit");
    await expect(fit.verdict()).toHaveAttribute("data-level", "wont-fit");
    await expect(fit.answer.getByTestId("fit-reason")).toHaveText(
      "It won't go through: upright it is 92 cm deep and the door 70 cm wide; tilted back it is 82 cm across; stood on end it is 84 cm across.",
    );
    await expect(
      fit.answer.getByRole("img", {
        name: /tilted back does not go through the 70 by 203 cm door: it is 82 cm across and the door 70 cm wide\./,
      }),
    ).toBeVisible();

    await fit.measureDoor("86", "203");
    await expect(fit.verdict()).toHaveText("Tight: it fits, just");
    await expect(fit.answer.getByTestId("fit-reason")).toContainText("goes through tilted back");
    await expect(fit.answer.getByTestId("fit-drawing")).toHaveAttribute("data-route", "tilted");

    await fit.measureDoor("100", "203");
    await expect(fit.verdict()).toHaveText("It fits");
    await expect(fit.answer.getByTestId("fit-reason")).toHaveText(
      "It goes through upright: it is 92 cm deep and the door 100 cm wide (8 cm to spare).",
    );
    await expect(fit.answer.getByRole("img", { name: /going upright through the 100 by 203 cm door/ })).toBeVisible();
    await fit.section.scrollIntoViewIfNeeded();
    await snap(page, testInfo, "will-it-fit");
    await expectAccessible(page);

    // Another product: closed again; opened, it has the door and answers for this piece at once.
    await page.goto("/product/knysna-corner-couch");
    const next = new FitCheck(page);
    await expect(next.toggle).toHaveAttribute("aria-expanded", "false");
    await next.open();
    await expect(next.field(/^Door width/)).toHaveValue("100");
    await expect(next.field(/^Door height/)).toHaveValue("203");
    await expect(next.section.getByTestId("fit-arrives")).toContainText("Arrives in 3 sections");
    await expect(next.verdict()).toHaveText("It fits");
    await expect(next.answer.getByTestId("fit-reason")).toContainText(
      "It arrives in 3 sections; the largest, the two-seat section with its arm, goes through",
    );
    // The room takes the whole corner couch.
    await next.field(/^Space along the wall/).fill("300");
    await next.section.getByRole("button", { name: "Check the fit" }).click();
    await expect(next.verdict()).toHaveText("It won't fit");
    await expect(next.answer.getByTestId("fit-reason")).toContainText(
      "In the room, it is 318 cm wide and the space 300 cm: too big for the space.",
    );
    await next.field(/^Space along the wall/).fill("340");
    await next.section.getByRole("button", { name: "Check the fit" }).click();
    await expect(next.verdict()).toHaveText("It fits");
    await screenshotForReadme(next, `will-it-fit-${testInfo.project.name}`);
    await expectAccessible(page);
  });

  test("the size chosen is the size measured and checked: the Fynbos Sleeper's 3 Seater, 208 cm, is too wide for a 195 cm wall", async ({
    page,
  }) => {
    await page.goto("/product/fynbos-sleeper");
    const specs = page.getByRole("tab", { name: "Specs & Sizes" });
    const dimensions = page.getByTestId("dimensions");
    const width = dimensions.getByRole("row", { name: /^Width/, includeHidden: true });
    await specs.click();
    await expect(dimensions.getByTestId("dimensions-size")).toHaveText("2 Seater: W 172 x D 94 x H 86 cm");
    await expect(width).toHaveText(/172 cm/);

    const fit = new FitCheck(page);
    await fit.open();
    await fit.measureDoor("100", "203");
    await fit.field(/^Space along the wall/).fill("195");
    await fit.section.getByRole("button", { name: "Check the fit" }).click();
    await expect(fit.verdict()).toHaveText("It fits");

    // The 3 Seater, chosen in the buy box: the check answers again for it, and the table shows it.
    await page.getByRole("radio", { name: /^3 Seater/ }).check({ force: true });
    await expect(page).toHaveURL(/size=3-seater/);
    await expect(fit.section.getByTestId("fit-piece")).toContainText("Checked for the 3 Seater");
    await expect(fit.verdict()).toHaveText("It won't fit");
    await expect(fit.answer.getByTestId("fit-reason")).toContainText(
      "In the room, it is 208 cm wide and the space 195 cm: too big for the space.",
    );
    await specs.click();
    await expect(dimensions.getByTestId("dimensions-size")).toHaveText("3 Seater: W 208 x D 94 x H 86 cm");
    await expect(width).toHaveText(/208 cm/);
    await expect(dimensions.getByRole("row", { name: /^Sleeping area/, includeHidden: true })).toHaveText(
      /137 x 188 cm/,
    );

    // A shared address with the 3 Seater opens on its measurements.
    await page.goto("/product/fynbos-sleeper?size=3-seater");
    await page.getByRole("tab", { name: "Specs & Sizes" }).click();
    await expect(page.getByTestId("dimensions-size")).toHaveText("3 Seater: W 208 x D 94 x H 86 cm");
    await expectAccessible(page);
  });

  test("by keyboard alone, with a clear message naming a wrong field", async ({ page }) => {
    await page.goto("/product/fynbos-sleeper");
    const fit = new FitCheck(page);
    await fit.toggle.focus();
    await page.keyboard.press("Enter");
    await expect(fit.toggle).toHaveAttribute("aria-expanded", "true");
    const width = fit.field(/^Door width/);
    await expect(width).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(width).toBeFocused();
    await page.keyboard.type("82.5");
    await page.keyboard.press("Tab");
    await page.keyboard.type("203");
    await page.keyboard.press("Enter");
    // The message names the field, is read with it, and the focus goes back to it.
    await expect(width).toBeFocused();
    await expect(width).toHaveAttribute("aria-invalid", "true");
    await expect(width).toHaveAccessibleDescription(/Door width: enter whole centimetres, like 82/);
    await expect(fit.verdict()).toHaveCount(0);

    await width.fill("96");
    await fit.field(/^Space out from the wall/).fill("205");
    await page.keyboard.press("Enter");
    // Fynbos Sleeper: through the door tilted, but opened into a bed it needs 210 cm from the wall.
    await expect(fit.verdict()).toHaveText("It won't fit");
    await expect(fit.answer.getByTestId("fit-reason")).toContainText(
      "Opened into a bed, it reaches 210 cm from the wall and the space 205 cm",
    );
    await expect(width).not.toHaveAttribute("aria-invalid", "true");
    // Closing and opening again by keyboard keeps what was typed.
    await fit.toggle.focus();
    await page.keyboard.press("Enter");
    await expect(fit.toggle).toHaveAttribute("aria-expanded", "false");
    await expect(width).toBeHidden();
    await page.keyboard.press("Enter");
    await expect(width).toHaveValue("96");
    await expectAccessible(page);
  });
});
