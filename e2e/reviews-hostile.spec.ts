import { expect, test, warmDatabase } from "./fixtures/shop";
import { jsonLdBlocks, scriptProblems } from "../lib/seo/script-scan";

warmDatabase();

const SLUG = "lowveld-ottoman-bench";

/**
 * Each would set window.__pwned if review text could leave its JSON-LD script: it closes the
 * script with a variant of `</script>` that a narrower escaper lets through, then runs its own.
 */
const ATTACKS = [
  {
    key: "=1",
    title: "</script ><script>window.__pwned=1</script >",
    message: "Lovely bench.</script ><img src=x onerror=window.__pwned=2>",
  },
  {
    key: "=3",
    title: "Solid </script/><script>window.__pwned=3</script/>",
    message: "Sturdy and well made <!--<script>window.__pwned=4</script >",
  },
  {
    key: "=5",
    title: "</SCRIPT ><script>window.__pwned=5</SCRIPT >",
    message: "Good value </SCRIPT\t><svg onload=window.__pwned=6> & more",
  },
];

test("a review written to run script shows as text, and runs nothing", async ({
  page,
  request,
  catalogue,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one browser is enough for what the server sends");
  const product = catalogue.find((p) => p.slug === SLUG)!;
  for (const [i, a] of ATTACKS.entries()) {
    const res = await request.post("/api/review-create", {
      data: {
        name: "Eve Mallory",
        email: `eve${i}-${Date.now()}@example.com`,
        title: a.title,
        message: a.message,
        rating: 5,
        productId: product.id,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  // The product's reviews expire at once when one is written; a page rendered at that moment may
  // still be on its way, so the page is asked again until it has the new reviews (a few seconds).
  await expect(async () => {
    await page.goto(`/product/${SLUG}`);
    await expect(
      page.getByTestId("product-reviews").getByTestId("review").filter({ hasText: "window.__pwned=5" }).first(),
    ).toBeAttached({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.waitForLoadState("networkidle").catch(() => undefined);
  expect(await page.evaluate(() => (window as Window & { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  const section = page.getByTestId("product-reviews");
  await section.scrollIntoViewIfNeeded();

  // The reviews are there, as the text their writers typed.
  for (const a of ATTACKS) {
    // The newest (a retry finds the first attempt's reviews too).
    const card = section
      .getByTestId("review")
      .filter({ hasText: `window.__pwned${a.key}` })
      .first();
    await expect(card).toBeVisible();
    await expect(card.getByRole("heading")).toHaveText(a.title);
    await expect(card.locator("p").first()).toHaveText(a.message);
  }
  expect(await section.locator("img, svg[onload]").count()).toBe(0);

  // What the server sends: nothing in it can end a script early or open one.
  const html = await (await request.get(`/product/${SLUG}`)).text();
  expect(
    scriptProblems(html, [...ATTACKS.flatMap((a) => [a.title, a.message]), "</script >", "</script/>", "</SCRIPT >"]),
  ).toEqual([]);
  const ld = jsonLdBlocks(html).get("product-json-ld") as { review: Array<{ name: string; reviewBody: string }> };
  for (const a of ATTACKS)
    expect(ld.review).toContainEqual(expect.objectContaining({ name: a.title, reviewBody: a.message }));
});
