import type { Page } from "@playwright/test";
import { ContactForm, NewsletterForm, toast } from "./fixtures/forms";
import { latestMail } from "./fixtures/mail";
import { expect, expectAccessible, settle, snap, test, warmDatabase } from "./fixtures/shop";

warmDatabase();

const INFO_PAGES = [
  "about-us",
  "contact-us",
  "couch-giveaway",
  "faqs",
  "our-fabrics",
  "payment-methods",
  "privacy-policy",
  "shipping-and-returns",
  "terms-and-conditions",
];

/** A unique address per project and run, so desktop and phone never trip over each other. */
const uniqueEmail = (project: string, what: string) => `${what}-${project}-${Date.now()}@example.com`;

/**
 * The served document has exactly one canonical link, and every canonical link in the live page
 * names the same address. (A page whose dynamic part renders at request time may repeat the
 * link in the browser with the run-time site URL when the build ran with another one.)
 */
async function expectCanonical(page: Page, url: string, path: string) {
  const html = await (await page.request.get(url)).text();
  const links = html.match(/<link rel="canonical" href="[^"]*"\/?>/g) ?? [];
  expect(links, url).toHaveLength(1);
  const href = /href="([^"]*)"/.exec(links[0]!)![1]!;
  expect(new URL(href).pathname + new URL(href).search, url).toBe(path);
  const live = await page.locator('link[rel="canonical"]').evaluateAll((ls) =>
    ls.map((l) => {
      const u = new URL((l as HTMLLinkElement).href);
      return u.pathname + u.search;
    }),
  );
  expect([...new Set(live)], url).toEqual([path]);
}

test.describe("journal", () => {
  test("read an article from the list", async ({ page }, testInfo) => {
    await page.goto("/blog");
    await expect(page.getByRole("heading", { level: 1, name: "Notes from the workshop" })).toBeVisible();
    const cards = page.getByTestId("article-card");
    await expect(cards).toHaveCount(6);
    await expectCanonical(page, "/blog", "/blog");
    await settle(page);
    await snap(page, testInfo, "blog");
    await expectAccessible(page);

    const first = cards.first();
    const title = (await first.getByRole("heading").textContent())!.trim();
    await first.getByRole("link").click();
    await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByTestId("reading-time")).toHaveText(/^\d+ min read$/);
    await expect(page.getByTestId("related-articles").getByTestId("article-card")).toHaveCount(3);
    await expect(page.locator("[data-testid=product-card]:visible").first()).toBeVisible();
    const slug = new URL(page.url()).pathname;
    await expectCanonical(page, slug, slug);
    const jsonLd = JSON.parse((await page.locator("script#article-json-ld").textContent())!) as {
      "@type": string;
      headline: string;
    };
    expect(jsonLd).toMatchObject({ "@type": "BlogPosting", headline: title });
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "website");
    const ogImage = await page.locator('meta[property="og:image"]').first().getAttribute("content");
    expect((await page.request.get(new URL(ogImage!).pathname)).headers()["content-type"]).toBe("image/png");
    await settle(page);
    await snap(page, testInfo, "article");
    await expectAccessible(page);

    // Links from the article lead into the catalogue.
    const productLink = page.getByTestId("article").locator('a[href^="/product/"]').first();
    const href = await productLink.getAttribute("href");
    await productLink.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));

    // The second page of the list, and a page that does not exist.
    await page.goto("/blog?page=2");
    await expect(page.getByTestId("article-card").first()).toBeVisible();
    await expectCanonical(page, "/blog?page=2", "/blog?page=2");
    expect((await page.goto("/blog?page=9"))?.status()).toBe(404);
    expect((await page.goto("/blog/no-such-article"))?.status()).toBe(404);
  });
});

test.describe("information pages", () => {
  for (const slug of INFO_PAGES) {
    test(`${slug} renders at /info/${slug}, where any other leading slug sends it`, async ({ page }, testInfo) => {
      const moved = await page.request.get(`/kaya/${slug}?utm_medium=email`, { maxRedirects: 0 });
      expect(moved.status()).toBe(308);
      expect(moved.headers().location).toMatch(new RegExp(`/info/${slug}\\?utm_medium=email$`));
      const res = await page.goto(`/kaya/${slug}`);
      expect(res?.status(), `/kaya/${slug}`).toBe(200);
      expect(new URL(page.url()).pathname).toBe(`/info/${slug}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectCanonical(page, `/info/${slug}`, `/info/${slug}`);
      await settle(page);
      await snap(page, testInfo, `info-${slug}`);
      await expectAccessible(page);
    });
  }

  test("an unknown information page is a 404 under any leading slug", async ({ page }) => {
    expect((await page.goto("/info/no-such-page"))?.status()).toBe(404);
    expect((await page.goto("/kaya/no-such-page"))?.status()).toBe(404);
    await expect(page.getByTestId("error-message")).toHaveText("Page not found: /kaya/no-such-page");
  });

  test("the FAQ is an accordion of seven questions with FAQPage JSON-LD", async ({ page }) => {
    await page.goto("/info/faqs");
    const items = page.getByTestId("faq-item");
    await expect(items).toHaveCount(7);
    const second = items.nth(1);
    await expect(second).not.toHaveAttribute("open", "");
    await second.locator("summary").click();
    await expect(second).toHaveAttribute("open", "");
    await expect(second.getByText(/7 days from the day you receive it/)).toBeVisible();
    const ld = JSON.parse((await page.locator("script#faq-json-ld").textContent())!) as {
      "@type": string;
      mainEntity: unknown[];
    };
    expect(ld["@type"]).toBe("FAQPage");
    expect(ld.mainEntity).toHaveLength(7);
  });

  test("the fabrics page shows a swatch for every fabric", async ({ page }) => {
    await page.goto("/info/our-fabrics");
    await expect(page.getByTestId("swatch")).toHaveCount(9);
    await page.getByRole("link", { name: "Couches in Charcoal" }).click();
    await expect(page).toHaveURL(/\/product-category\/couches\?fabric=charcoal/);
  });
});

test.describe("newsletter and contact", () => {
  test("subscribe, then unsubscribe from the e-mailed link", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo.project.name, "news");
    await page.goto("/");
    // The home page has one sign-up form, the footer's.
    await expect(page.locator("[data-testid^=newsletter-]:visible")).toHaveCount(1);
    const band = new NewsletterForm(page, "footer");
    await band.field("Email address").fill(email);
    await band.submit();
    await expect(band.error()).toHaveText("Please tick the box to agree to receive our e-mails");
    await band.consent().check();
    await band.submit();
    await expect(band.success()).toContainText("You have subscribed to promotions");
    await expect(toast(page, "You have subscribed to promotions")).toBeVisible();

    // Twice is not an error.
    await band.field("Email address").fill(email);
    await band.consent().check();
    await band.submit();
    await expect(band.success()).toContainText("You have subscribed to promotions");

    const mail = await latestMail(email, "newsletter-confirmation");
    const link = /https?:\/\/[^\s]+\/newsletter\/unsubscribe\?token=[\w%-]+/.exec(mail.text)![0];
    const url = new URL(link);
    await page.goto(`${url.pathname}${url.search}`);
    await expect(page.getByTestId("unsubscribe-email")).toContainText("@example.com");
    await settle(page);
    await snap(page, testInfo, "unsubscribe");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByTestId("unsubscribed")).toContainText("You have been unsubscribed");
    await page.reload();
    await expect(page.getByTestId("unsubscribed")).toContainText("already unsubscribed");

    await page.goto("/newsletter/unsubscribe?token=not-a-real-token");
    await expect(page.getByTestId("unsubscribe-invalid")).toBeVisible();
  });

  test("the footer sign-up works on any page", async ({ page }, testInfo) => {
    await page.goto("/info/about-us");
    const footer = new NewsletterForm(page, "footer");
    await footer.field("Email address").fill("not-an-address");
    await footer.consent().check();
    await footer.submit();
    await expect(footer.error()).toHaveText("Invalid email");
    await footer.field("Email address").fill(uniqueEmail(testInfo.project.name, "footer"));
    await footer.submit();
    await expect(footer.success()).toContainText("You have subscribed to promotions");
  });

  test("send the contact form", async ({ page }, testInfo) => {
    const form = new ContactForm(page);
    await form.open();
    await expect(page.getByRole("heading", { name: "Get in touch" })).toBeVisible();
    await form.submit();
    await expect(form.error()).toHaveText("Please complete all fields");
    await form.fill({ Name: "12345", Email: "nomsa@example", Message: "Hi" });
    await form.submit();
    await expect(form.error()).toHaveText("Invalid Name");
    await form.fill({ Name: "Nomsa Dlamini" });
    await form.submit();
    await expect(form.error()).toHaveText("Invalid email");
    const email = uniqueEmail(testInfo.project.name, "contact");
    await form.fill({ Email: email });
    await form.submit();
    await expect(form.error()).toHaveText("Invalid Message");
    await form.fill({
      Message: `Could the Stoep corner couch go up a narrow staircase in Observatory? (${testInfo.project.name})`,
    });
    await form.submit();
    await expect(form.success()).toContainText("Message sent");
    await expect(toast(page, "Message sent")).toBeVisible();
    await settle(page);
    await snap(page, testInfo, "contact-sent");

    const mail = await latestMail("hello@kaya-living.example", "contact-message");
    expect(mail.subject).toBe("Website message from Nomsa Dlamini");
  });
});
