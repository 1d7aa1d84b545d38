import { expect, expectAccessible, settle, snap, test, warmDatabase } from "./fixtures/shop";

warmDatabase();

const uniqueEmail = (project: string, what: string) => `${what}-${project}-${Date.now()}@example.com`;

test.describe("giveaways", () => {
  // The e2e server is configured with the Eden campaign open and the spring one closed (playwright.config.ts).
  test("enter the Eden giveaway once; a second entry is refused clearly", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo.project.name, "giveaway");
    await page.goto("/eden-2-seater-giveaway");
    await expect(page.getByRole("heading", { level: 1, name: "Win an Eden 2 Seater" })).toBeVisible();
    await expect(page.getByTestId("giveaway-status")).toHaveAttribute("data-status", "open");
    const form = page.getByTestId("giveaway-form");
    const enter = form.getByRole("button", { name: "Enter the giveaway" });

    await enter.click();
    await expect(form.getByTestId("form-error")).toHaveText("Please complete all fields");
    await form.getByLabel("Full name").fill("Anathi Mthembu");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Phone").fill("082 555 0199");
    await form.getByLabel("Province").selectOption("KwaZulu-Natal");
    await enter.click();
    await expect(form.getByTestId("form-error")).toHaveText("You must be 18 or older to enter");
    await settle(page);
    await snap(page, testInfo, "giveaway");
    await expectAccessible(page);

    await form.getByRole("checkbox").check();
    await enter.click();
    await expect(page.getByTestId("giveaway-entered")).toContainText("You're in the draw");
    await expect(page.getByTestId("toast").filter({ hasText: "You're in the draw. Good luck." })).toBeVisible();

    // The same address again, after a reload: refused, and the page says why.
    await page.reload();
    await form.getByLabel("Full name").fill("Anathi Mthembu");
    await form.getByLabel("Email").fill(email.toUpperCase());
    await form.getByLabel("Phone").fill("0825550199");
    await form.getByLabel("Province").selectOption("Gauteng");
    await form.getByRole("checkbox").check();
    await enter.click();
    await expect(form.getByTestId("form-error")).toHaveText(/already entered this giveaway/);
    await expect(page.getByTestId("giveaway-entered")).toHaveCount(0);
  });

  test("a closed giveaway says so and takes no entries", async ({ page }, testInfo) => {
    await page.goto("/info/couch-giveaway");
    await expect(page.getByTestId("giveaway-status")).toHaveAttribute("data-status", "closed");
    await expect(page.getByRole("heading", { name: "This giveaway has closed" })).toBeVisible();
    await expect(page.getByTestId("giveaway-form")).toHaveCount(0);
    const res = await page.request.post("/api/giveaway-enter", {
      data: { campaign: "couch-giveaway", name: "Late Comer", email: uniqueEmail(testInfo.project.name, "late"), phone: "0825550100", province: "Gauteng", adult: true },
    });
    expect(res.status()).toBe(410);
    await page.getByRole("link", { name: /Win an Eden 2 Seater: enter now/ }).click();
    await expect(page).toHaveURL(/\/eden-2-seater-giveaway$/);
  });
});

test.describe("reviews", () => {
  test("write a review and see it on the product page", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo.project.name, "review");
    const title = `Sturdy and handsome (${testInfo.project.name})`;
    await page.goto("/product/kraal-cube-ottoman");
    const section = page.getByTestId("product-reviews");
    await section.scrollIntoViewIfNeeded();
    const before = Number((await section.getByTestId("review-count").textContent())!.match(/\d+/)![0]);

    await section.getByRole("button", { name: "Write a review" }).click();
    const form = section.getByTestId("review-form");
    const submit = form.getByRole("button", { name: "Submit review" });
    await submit.click();
    await expect(form.getByTestId("form-error")).toHaveText("Please complete all fields");

    await form.getByRole("radio", { name: "4 stars" }).check({ force: true });
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Review").fill("Firm, well stitched and it moves around the house with us. Works as a side table too.");
    await form.getByLabel("Name").fill("J0hn");
    await form.getByLabel("Email").fill(email);
    await submit.click();
    await expect(form.getByTestId("form-error")).toHaveText("Invalid Name");
    await form.getByLabel("Name").fill("Johan Botha");
    await form.getByLabel("Email").fill("johan@");
    await submit.click();
    await expect(form.getByTestId("form-error")).toHaveText("Invalid email");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Review").fill("Meh");
    await submit.click();
    await expect(form.getByTestId("form-error")).toHaveText("Invalid Message");
    await form.getByLabel("Review").fill("Firm, well stitched and it moves around the house with us. Works as a side table too.");
    await settle(page);
    await snap(page, testInfo, "review-form");
    await expectAccessible(page);
    await submit.click();

    await expect(page.getByTestId("toast").filter({ hasText: "Thank you for your review" })).toBeVisible();
    const mine = section.getByTestId("review").filter({ hasText: title });
    await expect(mine).toBeVisible();
    await expect(mine).toContainText("Johan B.");
    await expect(section.getByTestId("review-count")).toContainText(`${before + 1}`);

    // Still there after a reload (the cache was told), with the rating in the page's JSON-LD.
    await page.reload();
    await expect(page.getByTestId("review").filter({ hasText: title })).toBeVisible();
    const ld = JSON.parse((await page.locator("script#product-json-ld").textContent())!) as {
      aggregateRating: { reviewCount: number };
      review: Array<{ name: string }>;
    };
    expect(ld.aggregateRating.reviewCount).toBe(before + 1);
    expect(ld.review.map((r) => r.name)).toContain(title);

    // A second review of the same product from the same address is refused with the server's reason.
    await page.getByTestId("product-reviews").getByRole("button", { name: "Write a review" }).click();
    const again = page.getByTestId("review-form");
    await again.getByRole("radio", { name: "5 stars" }).check({ force: true });
    await again.getByLabel("Title").fill("Second thoughts");
    await again.getByLabel("Review").fill("Writing a second review to see whether the shop allows it.");
    await again.getByLabel("Name").fill("Johan Botha");
    await again.getByLabel("Email").fill(email);
    await again.getByRole("button", { name: "Submit review" }).click();
    await expect(again.getByTestId("form-error")).toHaveText(/already reviewed this product/);
    await settle(page);
    await snap(page, testInfo, "product-reviews");
  });

  test("stars on product cards and reviews on the home page", async ({ page }, testInfo) => {
    await page.goto("/");
    const reviews = page.getByTestId("home-reviews");
    await reviews.scrollIntoViewIfNeeded();
    await expect(reviews.getByTestId("review")).toHaveCount(3);
    await expect(page.locator("[data-testid=product-card]:visible [data-testid=rating-badge]").first()).toBeVisible();
    await settle(page);
    await snap(page, testInfo, "home-with-reviews");
    await expectAccessible(page);
    const dashboard = await page.request.get("/api/reviews-dashboard");
    expect(((await dashboard.json()) as { results: unknown[] }).results.length).toBeGreaterThan(0);
  });
});
