import { GiveawayForm, ProductReviews, toast } from "./fixtures/forms";
import { expect, expectAccessible, settle, snap, test, warmDatabase } from "./fixtures/shop";

warmDatabase();

const uniqueEmail = (project: string, what: string) => `${what}-${project}-${Date.now()}@example.com`;

test.describe("giveaways", () => {
  // The e2e server is configured with the Eden campaign open and the spring one closed (playwright.config.ts).
  test("enter the Eden giveaway once; a second entry is refused clearly", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo.project.name, "giveaway");
    await page.goto("/eden-2-seater-giveaway");
    await expect(page.getByRole("heading", { level: 1, name: "Win an Eden 2 Seater" })).toBeVisible();
    const form = new GiveawayForm(page);
    await expect(form.status()).toHaveAttribute("data-status", "open");

    await form.submit();
    await expect(form.error()).toHaveText("Please complete all fields");
    await form.enter({ name: "Anathi Mthembu", email, phone: "082 555 0199", province: "KwaZulu-Natal" });
    await expect(form.error()).toHaveText("You must be 18 or older to enter");
    await settle(page);
    await snap(page, testInfo, "giveaway");
    await expectAccessible(page);

    await form.root.getByRole("checkbox").check();
    await form.submit();
    await expect(form.entered()).toContainText("You're in the draw");
    await expect(toast(page, "You're in the draw. Good luck.")).toBeVisible();

    // The same address again, after a reload: refused, and the page says why.
    await page.reload();
    await form.enter({
      name: "Anathi Mthembu",
      email: email.toUpperCase(),
      phone: "0825550199",
      province: "Gauteng",
      adult: true,
    });
    await expect(form.error()).toHaveText(/already entered this giveaway/);
    await expect(form.entered()).toHaveCount(0);
  });

  test("a closed giveaway says so and takes no entries", async ({ page }, testInfo) => {
    await page.goto("/info/couch-giveaway");
    const form = new GiveawayForm(page);
    await expect(form.status()).toHaveAttribute("data-status", "closed");
    await expect(page.getByRole("heading", { name: "This giveaway has closed" })).toBeVisible();
    await expect(form.root).toHaveCount(0);
    const res = await page.request.post("/api/giveaway-enter", {
      data: {
        campaign: "couch-giveaway",
        name: "Late Comer",
        email: uniqueEmail(testInfo.project.name, "late"),
        phone: "0825550100",
        province: "Gauteng",
        adult: true,
      },
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
    // A product of each project's own: the desktop and phone runs go at once, and each counts reviews.
    await page.goto(
      testInfo.project.name.startsWith("phone") ? "/product/dune-ottoman" : "/product/kraal-cube-ottoman",
    );
    const reviews = new ProductReviews(page);
    const before = await reviews.count();
    const text = "Firm, well stitched and it moves around the house with us. Works as a side table too.";

    await reviews.startWriting();
    const form = reviews.form;
    await form.submit();
    await expect(form.error()).toHaveText("Please complete all fields");

    await reviews.write({ stars: 4, title, text, name: "J0hn", email });
    await expect(form.error()).toHaveText("Invalid Name");
    await form.fill({ Name: "Johan Botha", Email: "johan@" });
    await form.submit();
    await expect(form.error()).toHaveText("Invalid email");
    await form.fill({ Email: email, Review: "Meh" });
    await form.submit();
    await expect(form.error()).toHaveText("Invalid Message");
    await form.fill({ Review: text });
    await settle(page);
    await snap(page, testInfo, "review-form");
    await expectAccessible(page);
    await form.submit();

    await expect(toast(page, "Thank you for your review")).toBeVisible();
    const mine = reviews.review(title);
    await expect(mine).toBeVisible();
    await expect(mine).toContainText("Johan B.");
    await expect(reviews.countLabel()).toContainText(`${before + 1}`);

    // Still there after a reload (the cache was told), with the rating in the page's JSON-LD.
    await page.reload();
    await expect(reviews.review(title)).toBeVisible();
    const ld = JSON.parse((await page.locator("script#product-json-ld").textContent())!) as {
      aggregateRating: { reviewCount: number };
      review: Array<{ name: string }>;
    };
    expect(ld.aggregateRating.reviewCount).toBe(before + 1);
    expect(ld.review.map((r) => r.name)).toContain(title);

    // A second review of the same product from the same address is refused with the server's reason.
    await reviews.startWriting();
    await reviews.write({
      stars: 5,
      title: "Second thoughts",
      text: "Writing a second review to see whether the shop allows it.",
      name: "Johan Botha",
      email,
    });
    await expect(form.error()).toHaveText(/already reviewed this product/);
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
