import type { Page } from "@playwright/test";
import { expect, normaliseSpaces, rands, test } from "./fixtures/shop";

/*
 * What a search engine and a link preview read: title pattern, language, description,
 * canonical link through the parameter whitelist (page, sort), Open Graph and twitter tags, the
 * generated preview image, JSON-LD, and noindex on private pages. Desktop only: the head does not
 * change with the screen.
 *
 * Catalogue pages are served whole from the cache, head in <head>, to every client. A page rendered
 * per request (a sorted or filtered category, a cold first request) streams its head to a browser,
 * while crawlers and link-preview bots that read HTML only (Next's list: facebookexternalhit,
 * Twitterbot, Slackbot, WhatsApp, Bingbot, Chrome-Lighthouse…, plus Googlebot) always get it in
 * <head>. Most tests read the head as such a bot does; two read it as a browser.
 */
const PREVIEW_BOT = "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)";

const SITE_NAME = "Kaya Living";

type Head = {
  title: string;
  lang: string | null;
  description: string | null;
  canonical: string | null;
  robots: string | null;
  og: Record<string, string>;
  twitter: Record<string, string>;
};

async function readHead(page: Page): Promise<Head> {
  return page.evaluate(() => {
    // Only <head> counts: an HTML-only reader never sees tags streamed into the body.
    const meta = (sel: string) => document.head.querySelector(sel)?.getAttribute("content") ?? null;
    const collect = (attr: string, prefix: string) =>
      Object.fromEntries(
        [...document.head.querySelectorAll(`meta[${attr}^="${prefix}"]`)].map((m) => [
          m.getAttribute(attr)!.slice(prefix.length),
          m.getAttribute("content") ?? "",
        ]),
      );
    return {
      title: document.title,
      lang: document.documentElement.getAttribute("lang"),
      description: meta('meta[name="description"]'),
      canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
      robots: meta('meta[name="robots"]'),
      og: collect("property", "og:"),
      twitter: collect("name", "twitter:"),
    };
  });
}

async function jsonLd(page: Page): Promise<Array<Record<string, unknown>>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b) as Record<string, unknown>);
}

const ofType = (blocks: Array<Record<string, unknown>>, type: string) => blocks.filter((b) => b["@type"] === type);

/** The shared checks: pattern, language, description, Open Graph and twitter agree with each other. */
function expectSharedHead(head: Head, origin: string, pageTitle: string, canonicalPath: string) {
  expect(head.title).toBe(`${pageTitle} | ${SITE_NAME}`);
  expect(head.lang).toBe("en-ZA");
  expect(head.description?.length ?? 0).toBeGreaterThan(50);
  expect(head.canonical).toBe(`${origin}${canonicalPath}`);
  expect(head.og.type).toBe("website");
  expect(head.og.locale).toBe("en_ZA");
  expect(head.og.site_name).toBe(SITE_NAME);
  expect(head.og.title).toBe(head.title);
  expect(head.og.description).toBe(head.description);
  expect(head.og.url).toBe(head.canonical);
  expect(head.og.image).toMatch(new RegExp(`^${origin}/`));
  expect(head.twitter.card).toBe("summary_large_image");
  expect(head.twitter.image).toBe(head.og.image);
}

async function expectPreviewImage(page: Page, url: string) {
  const res = await page.request.get(url);
  expect(res.status(), url).toBe(200);
  expect(res.headers()["content-type"]).toBe("image/png");
  const png = await res.body();
  // A PNG's IHDR holds its width and height: link previews are 1200 × 630.
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
}

test.describe("head and structured data", () => {
  test.use({ userAgent: PREVIEW_BOT });

  test("home: title pattern, Open Graph, Organization and WebSite JSON-LD", async ({ page, baseURL }) => {
    await page.goto("/?utm_source=newsletter&fbclid=abc123");
    const head = await readHead(page);
    expectSharedHead(head, baseURL!, "Couches made in South Africa, delivered free", "");
    expect(head.robots).toBeNull();
    await expectPreviewImage(page, head.og.image!);

    const blocks = await jsonLd(page);
    const [org] = ofType(blocks, "OnlineStore");
    expect(org).toMatchObject({ name: SITE_NAME, url: `${baseURL}/` });
    const [site] = ofType(blocks, "WebSite");
    expect(site).toMatchObject({ name: SITE_NAME, url: `${baseURL}/`, inLanguage: "en-ZA" });
  });

  test("category: sort kept, tracking and filters dropped; its own preview image; breadcrumbs", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/product-category/sleeper-couches?sort=price-asc&utm_campaign=winter&gclid=xyz&fabric=Charcoal");
    const head = await readHead(page);
    expectSharedHead(head, baseURL!, "Sleeper Couches", "/product-category/sleeper-couches?sort=price-asc");
    expect(head.og.image).toBe(`${baseURL}/og/category/sleeper-couches`);
    await expectPreviewImage(page, head.og.image!);

    // The first page is the page itself: ?page=1 is not a second address for it.
    await page.goto("/product-category/sleeper-couches?page=1");
    expect((await readHead(page)).canonical).toBe(`${baseURL}/product-category/sleeper-couches`);

    const [crumbs] = ofType(await jsonLd(page), "BreadcrumbList");
    expect(crumbs).toMatchObject({
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${baseURL}/` },
        { "@type": "ListItem", position: 2, name: expect.any(String) },
        { "@type": "ListItem", position: 3, name: "Sleeper Couches" },
      ],
    });
  });

  test("product: canonical without the variation or click ids; Product, Offer and AggregateRating; breadcrumbs", async ({
    page,
    baseURL,
    catalogue,
  }) => {
    const product = catalogue.find((p) => p.slug === "eden-2-seater")!;
    await page.goto(`/product/${product.slug}?Fabric=Charcoal&fbclid=abc&utm_source=x`);
    const head = await readHead(page);
    expectSharedHead(head, baseURL!, product.name, `/product/${product.slug}`);
    // The preview's address names its version: kept for good by whoever fetched it.
    expect(head.og.image).toMatch(new RegExp(`^${baseURL}/og/product/${product.slug}/[0-9a-f]{16}$`));
    expect(normaliseSpaces(head.og["image:alt"]!)).toBe(`${product.name}, ${rands(product.price)}`);
    await expectPreviewImage(page, head.og.image!);
    expect((await page.request.get(head.og.image!)).headers()["cache-control"]).toBe(
      "public, max-age=31536000, immutable",
    );
    // The address without a version, and an old version's, send on to the current one.
    for (const old of [`/og/product/${product.slug}`, `/og/product/${product.slug}/0123456789abcdef`]) {
      const moved = await page.request.get(old, { maxRedirects: 0 });
      expect(moved.status(), old).toBe(307);
      expect(`${baseURL}${moved.headers().location}`).toBe(head.og.image);
    }

    await expect(page.locator("#product-json-ld")).toBeAttached();
    const blocks = await jsonLd(page);
    const [item] = ofType(blocks, "Product");
    expect(item).toMatchObject({
      name: product.name,
      url: `${baseURL}/product/${product.slug}`,
      offers: { "@type": "Offer", priceCurrency: "ZAR", price: Number(product.price) / 100 },
    });
    // The shown rating and the structured one agree.
    const rating = item!.aggregateRating as { ratingValue: number; reviewCount: number };
    expect(rating.reviewCount).toBeGreaterThan(0);
    await expect(page.getByRole("link", { name: new RegExp(`${rating.reviewCount} reviews?`) }).first()).toBeVisible();

    const [crumbs] = ofType(blocks, "BreadcrumbList");
    const trail = crumbs!.itemListElement as Array<{ position: number; name: string; item?: string }>;
    expect(trail.map((c) => c.position)).toEqual(trail.map((_, i) => i + 1));
    expect(trail.at(-1)!.name).toBe(product.name);
    expect(trail[0]).toMatchObject({ name: "Home", item: `${baseURL}/` });
  });

  test("article: its own cover as the preview, Article and BreadcrumbList JSON-LD", async ({ page, baseURL }) => {
    await page.goto("/blog/choosing-a-sleeper-couch?utm_source=instagram");
    const head = await readHead(page);
    const h1 = normaliseSpaces(await page.getByRole("heading", { level: 1 }).textContent());
    expectSharedHead(head, baseURL!, h1, "/blog/choosing-a-sleeper-couch");
    expect(head.og.image).toBe(`${baseURL}/og/article/choosing-a-sleeper-couch`);
    await expectPreviewImage(page, head.og.image!);
    const blocks = await jsonLd(page);
    expect(ofType(blocks, "Article").length + ofType(blocks, "BlogPosting").length).toBe(1);
    expect(ofType(blocks, "BreadcrumbList")).toHaveLength(1);
  });

  test("journal page 2 and an information page under another leading slug", async ({ page, baseURL }) => {
    await page.goto("/blog?page=2&utm_medium=email");
    expectSharedHead(await readHead(page), baseURL!, "Journal, page 2", "/blog?page=2");

    await page.goto("/help/faqs?utm_medium=email");
    const head = await readHead(page);
    expectSharedHead(head, baseURL!, "Frequently asked questions", "/info/faqs");
    expect(head.og.image).toBe(`${baseURL}/og.png`);
  });

  test("cart, checkout, login and account pages are kept out of search results", async ({ page }) => {
    for (const path of ["/cart", "/checkout", "/login", "/create-account", "/forgot-password"]) {
      await page.goto(path);
      const head = await readHead(page);
      expect(head.robots, path).toContain("noindex");
      expect(head.title, path).toMatch(/ \| Kaya Living$/);
    }
    // Signed out, the account page sends the shopper to log in: that page is noindex too.
    await page.goto("/my-account");
    expect((await readHead(page)).robots).toContain("noindex");
  });

  test("the shop's icon answers at /favicon.ico, where browsers and bookmark lists ask without reading the page", async ({
    request,
  }) => {
    const res = await request.get("/favicon.ico");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^image\//);
    const body = await res.body();
    // An ICO file starts with its reserved word 0 and type 1 (an icon), then how many images.
    expect([body.readUInt16LE(0), body.readUInt16LE(2)]).toEqual([0, 1]);
    expect(body.readUInt16LE(4)).toBeGreaterThan(0);
  });

  test("a missing preview image is a 404, not an error", async ({ request }) => {
    for (const path of [
      "/og/product/no-such-couch",
      "/og/product/no-such-couch/0123456789abcdef",
      "/og/category/no-such-category",
      "/og/article/no-such-article",
    ]) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(404);
    }
  });
});

const BROWSER =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

test("a shopper's browser gets the whole head inside <head> on catalogue pages", async ({ request, baseURL }) => {
  /*
   * A catalogue page is rendered into the cache on its first request (which may still stream its
   * head after the shell) and served whole from then on: the head is in <head>, as an HTML-only
   * reader needs it.
   */
  for (const [path, canonical] of [
    ["/", "/"],
    ["/product/eden-2-seater?utm_source=x", "/product/eden-2-seater"],
    ["/blog/a-calmer-bedroom", "/blog/a-calmer-bedroom"],
  ] as const) {
    await expect
      .poll(
        async () => {
          const html = await (await request.get(path, { headers: { "user-agent": BROWSER } })).text();
          const head = html.slice(0, html.indexOf("</head>"));
          return {
            canonical: /<link rel="canonical" href="([^"]+)"/.exec(head)?.[1],
            description: /<meta name="description" content="[^"]{50,}"/.test(head),
            og: /<meta property="og:image" content="[^"]+"/.test(head),
          };
        },
        { message: path, timeout: 10_000 },
      )
      .toEqual({ canonical: `${baseURL}${canonical === "/" ? "" : canonical}`, description: true, og: true });
  }
});

test("a shopper's browser gets a category's head after the page's shell", async ({ page, baseURL }) => {
  // A category page reads its query (sort, page, filters), so it renders per request and its head streams.
  await page.goto("/product-category/couches?sort=newest&utm_source=x");
  await expect(page).toHaveTitle("Couches | Kaya Living");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    `${baseURL}/product-category/couches?sort=newest`,
  );
});

test("Googlebot and Bingbot get the canonical link and description inside <head>", async ({ request, baseURL }) => {
  for (const ua of [
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
  ]) {
    for (const path of ["/product/eden-2-seater?gclid=1", "/product-category/couches?sort=newest"]) {
      const html = await (await request.get(path, { headers: { "user-agent": ua } })).text();
      const head = html.slice(0, html.indexOf("</head>"));
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(head)?.[1];
      expect(canonical, `${ua} ${path}`).toBe(
        `${baseURL}${path.split("?")[0]}${path.includes("sort=") ? "?sort=newest" : ""}`,
      );
      expect(head, `${ua} ${path}`).toMatch(/<meta name="description" content="[^"]{50,}"/);
    }
  }
});
