import type { BrowserContext, Page, Route } from "@playwright/test";
import {
  afterIdleWork,
  expect,
  expectAccessible,
  rememberConsent,
  snap,
  test,
  type BlobProduct,
} from "./fixtures/shop";
import { STORAGE_KEY } from "../lib/http/cookie-names";

/*
 * The POPIA cookie notice and the consent-gated tag manager and pixel, against a build made with
 * NEXT_PUBLIC_GTM_ID=GTM-KAYATEST and NEXT_PUBLIC_META_PIXEL_ID=1234567890 (.ci/run). The machine
 * cannot reach Google or Meta: every request to them is intercepted and recorded, and the two
 * scripts are stand-ins that report what they are given the way the real ones do (the pixel as
 * image requests to facebook.com/tr, the tag manager's tags as posts to google-analytics.com).
 */
test.use({ rememberedConsent: false });

const GTM_ID = "GTM-KAYATEST";
const PIXEL_ID = "1234567890";
const THIRD_PARTY = /(^|\.)(googletagmanager\.com|google-analytics\.com|facebook\.net|facebook\.com)$/;

const FAKE_GTM = `(function () {
  var id = new URL(document.currentScript.src).searchParams.get("id");
  var dl = (window.dataLayer = window.dataLayer || []);
  window.google_tag_manager = {};
  function handle(e) {
    if (!e || typeof e.event !== "string" || e.event.indexOf("gtm.") === 0) return;
    fetch("https://www.google-analytics.com/g/collect?tid=" + id + "&en=" + encodeURIComponent(e.event), { method: "POST", mode: "no-cors", keepalive: true, body: JSON.stringify(e) });
  }
  dl.forEach(handle);
  var push = dl.push;
  dl.push = function () { for (var i = 0; i < arguments.length; i++) handle(arguments[i]); return push.apply(dl, arguments); };
})();`;

const FAKE_PIXEL = `(function () {
  var fbq = window.fbq, pixel = null;
  function call(cmd, a, b) {
    if (cmd === "init") { pixel = a; return; }
    if (cmd !== "track" || !pixel) return;
    var q = new URLSearchParams({ id: pixel, ev: a, dl: location.href, cd: JSON.stringify(b || {}) });
    new Image().src = "https://www.facebook.com/tr/?" + q;
  }
  fbq.callMethod = function () { call.apply(null, arguments); };
  (fbq.queue || []).forEach(function (args) { call.apply(null, args); });
  fbq.queue = [];
})();`;

type Hit = { url: URL; body: string | null };

/** Records every request to the four third-party hosts and answers it locally. */
async function interceptThirdParties(context: BrowserContext): Promise<Hit[]> {
  const hits: Hit[] = [];
  await context.route(
    (url) => THIRD_PARTY.test(url.hostname),
    async (route) => {
      const url = new URL(route.request().url());
      hits.push({ url, body: route.request().postData() });
      if (url.hostname === "www.googletagmanager.com" && url.pathname === "/gtm.js")
        return route.fulfill({ contentType: "text/javascript", body: FAKE_GTM });
      if (url.hostname === "connect.facebook.net" && url.pathname.endsWith("/fbevents.js"))
        return route.fulfill({ contentType: "text/javascript", body: FAKE_PIXEL });
      return route.fulfill({ status: 204 });
    },
  );
  return hits;
}

const scriptLoads = (hits: Hit[], host: string) =>
  hits.filter((h) => h.url.hostname === host && /\.js$/.test(h.url.pathname)).map((h) => h.url.href);

/** What the pixel reported: one entry per /tr request. */
function pixelEvents(hits: Hit[]) {
  return hits
    .filter((h) => h.url.hostname === "www.facebook.com" && h.url.pathname.startsWith("/tr"))
    .map((h) => ({
      id: h.url.searchParams.get("id"),
      ev: h.url.searchParams.get("ev"),
      path: new URL(h.url.searchParams.get("dl")!).pathname,
      data: JSON.parse(h.url.searchParams.get("cd") ?? "{}") as Record<string, unknown>,
    }));
}

/** What the tag manager's tags reported: one entry per collect post. */
function tagEvents(hits: Hit[]) {
  return hits
    .filter((h) => h.url.hostname === "www.google-analytics.com")
    .map(
      (h) =>
        ({ tid: h.url.searchParams.get("tid"), ...(JSON.parse(h.body ?? "{}") as Record<string, unknown>) }) as {
          tid: string | null;
          event: string;
          page_path?: string;
          ecommerce?: Record<string, unknown>;
        },
    );
}

async function thirdPartyState(page: Page) {
  return page.evaluate(() => ({
    scripts: [...document.querySelectorAll<HTMLScriptElement>("script[src]")]
      .map((s) => s.src)
      .filter((s) => !s.startsWith(location.origin)),
    fbq: typeof (window as unknown as { fbq?: unknown }).fbq,
    gtm: typeof (window as unknown as { google_tag_manager?: unknown }).google_tag_manager,
  }));
}

const banner = (page: Page) => page.getByRole("region", { name: "Cookies, your choice" });

async function addPebbleFromCategory(page: Page) {
  await page.locator("[data-testid=product-card][data-slug=pebble-ottoman]:visible").getByTestId("add-to-cart").click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page.getByRole("button", { name: "Close cart" }).click();
}

test.describe("cookie consent and analytics", () => {
  test("nothing goes to Google or Meta before consent; after Accept all the tag manager and pixel get every page and add to cart in ZAR", async ({
    page,
    context,
    catalogue,
  }, testInfo) => {
    const pebble = catalogue.find((p: BlobProduct) => p.slug === "pebble-ottoman")!;
    const hits = await interceptThirdParties(context);

    await page.goto("/");
    await expect(banner(page)).toBeVisible();
    await afterIdleWork(page);
    expect(hits.map((h) => h.url.href)).toEqual([]);
    expect(await thirdPartyState(page)).toEqual({ scripts: [], fbq: "undefined", gtm: "undefined" });

    // The banner, closed and with its choices open, at both widths; accessible either way.
    await snap(page, testInfo, "cookie-banner");
    await page.screenshot({ path: `e2e/artifacts/${testInfo.project.name}-cookie-banner-viewport.png` });
    await expectAccessible(page);
    await banner(page).getByRole("button", { name: "Choose cookies" }).click();
    await expect(banner(page).getByRole("checkbox", { name: /Analytics/ })).toBeFocused();
    await expect(banner(page).getByRole("checkbox", { name: /Necessary/ })).toBeChecked();
    await expect(banner(page).getByRole("checkbox", { name: /Necessary/ })).toBeDisabled();
    await page.screenshot({ path: `e2e/artifacts/${testInfo.project.name}-cookie-choices-viewport.png` });
    await expectAccessible(page);
    expect(hits).toHaveLength(0);

    await banner(page).getByRole("button", { name: "Accept all" }).click();
    await expect(banner(page)).toHaveCount(0);
    // The wait the absence checks rely on is long enough for the scripts to be asked for.
    await afterIdleWork(page);
    expect((await thirdPartyState(page)).scripts).toEqual([
      `https://www.googletagmanager.com/gtm.js?id=${GTM_ID}`,
      "https://connect.facebook.net/en_US/fbevents.js",
    ]);
    await expect
      .poll(() => scriptLoads(hits, "www.googletagmanager.com"))
      .toEqual([`https://www.googletagmanager.com/gtm.js?id=${GTM_ID}`]);
    await expect
      .poll(() => scriptLoads(hits, "connect.facebook.net"))
      .toEqual(["https://connect.facebook.net/en_US/fbevents.js"]);
    // init (the pixel id on every event) and PageView for this page.
    await expect.poll(() => pixelEvents(hits)).toEqual([{ id: PIXEL_ID, ev: "PageView", path: "/", data: {} }]);
    await expect
      .poll(() => tagEvents(hits).filter((e) => e.event === "page_view"))
      .toEqual([expect.objectContaining({ tid: GTM_ID, page_path: "/" })]);

    // A client navigation (the page is not reloaded) is another page view for both.
    await page.evaluate(() => ((window as unknown as { kayaMarker: number }).kayaMarker = 1));
    await page
      .locator("footer:visible")
      .getByRole("navigation", { name: "Shop" })
      .getByRole("link", { name: "Ottomans" })
      .click();
    await expect(page).toHaveURL(/\/product-category\/ottomans$/);
    expect(await page.evaluate(() => (window as unknown as { kayaMarker?: number }).kayaMarker)).toBe(1);
    await expect
      .poll(() =>
        pixelEvents(hits)
          .filter((e) => e.ev === "PageView")
          .map((e) => e.path),
      )
      .toEqual(["/", "/product-category/ottomans"]);
    await expect
      .poll(() =>
        tagEvents(hits)
          .filter((e) => e.event === "page_view")
          .map((e) => e.page_path),
      )
      .toEqual(["/", "/product-category/ottomans"]);

    // Add to cart, at the price the server charges, in rand.
    const price = Number(pebble.price) / 100;
    await addPebbleFromCategory(page);
    await expect
      .poll(() => pixelEvents(hits).filter((e) => e.ev === "AddToCart"))
      .toEqual([
        {
          id: PIXEL_ID,
          ev: "AddToCart",
          path: "/product-category/ottomans",
          data: expect.objectContaining({ currency: "ZAR", value: price, content_ids: [String(pebble.id)] }),
        },
      ]);
    await expect
      .poll(() => tagEvents(hits).filter((e) => e.event === "add_to_cart"))
      .toEqual([
        expect.objectContaining({
          tid: GTM_ID,
          ecommerce: expect.objectContaining({
            currency: "ZAR",
            value: price,
            items: [expect.objectContaining({ item_name: "Pebble Ottoman", price, quantity: 1 })],
          }),
        }),
      ]);

    // The choice is remembered: after a reload both load again, without asking.
    await page.reload();
    await expect.poll(() => scriptLoads(hits, "www.googletagmanager.com")).toHaveLength(2);
    await expect.poll(() => pixelEvents(hits).filter((e) => e.ev === "PageView")).toHaveLength(3);
    await expect(banner(page)).toHaveCount(0);
  });

  test("Necessary only loads nothing, survives a reload, and can be changed later from the footer and the privacy page", async ({
    page,
    context,
  }) => {
    const hits = await interceptThirdParties(context);
    await page.goto("/product-category/ottomans");
    await expect(banner(page)).toBeVisible();

    // By keyboard: the banner comes first in the page's order.
    await page.locator("body").focus();
    for (
      let i = 0;
      i < 6 &&
      !(await banner(page)
        .getByRole("button", { name: "Necessary only" })
        .evaluate((b) => b === document.activeElement));
      i++
    )
      await page.keyboard.press("Tab");
    await expect(banner(page).getByRole("button", { name: "Necessary only" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(banner(page)).toHaveCount(0);

    await addPebbleFromCategory(page);
    await page
      .locator("footer:visible")
      .getByRole("navigation", { name: "Shop" })
      .getByRole("link", { name: "Couches", exact: true })
      .click();
    await expect(page).toHaveURL(/\/product-category\/couches$/);
    await afterIdleWork(page);
    expect(hits.map((h) => h.url.href)).toEqual([]);

    await page.reload();
    await afterIdleWork(page);
    await expect(banner(page)).toHaveCount(0);
    expect(hits.map((h) => h.url.href)).toEqual([]);
    expect(await thirdPartyState(page)).toEqual({ scripts: [], fbq: "undefined", gtm: "undefined" });
    const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "null"), STORAGE_KEY.consent);
    expect(stored).toMatchObject({ version: 1, granted: { analytics: false, marketing: false } });
    expect(Date.now() - Date.parse(stored.date)).toBeLessThan(10 * 60_000);

    // Cookie settings in the footer: analytics only loads the tag manager and never the pixel.
    await page.locator("footer:visible").getByRole("button", { name: "Cookie settings" }).click();
    await expect(banner(page).getByRole("heading", { name: "Cookies, your choice" })).toBeFocused();
    await expect(banner(page).getByRole("checkbox", { name: /Analytics/ })).not.toBeChecked();
    await banner(page)
      .getByRole("checkbox", { name: /Analytics/ })
      .check();
    await banner(page).getByRole("button", { name: "Save my choices" }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect.poll(() => scriptLoads(hits, "www.googletagmanager.com")).toHaveLength(1);
    await expect
      .poll(() =>
        tagEvents(hits)
          .filter((e) => e.event === "page_view")
          .map((e) => e.page_path),
      )
      .toEqual(["/product-category/couches"]);
    await afterIdleWork(page);
    expect(hits.filter((h) => /facebook/.test(h.url.hostname))).toEqual([]);

    // Withdrawn on the privacy page: the page starts afresh and nothing loads any more.
    await page.goto("/info/privacy-policy");
    await expect.poll(() => scriptLoads(hits, "www.googletagmanager.com")).toHaveLength(2);
    await page.getByRole("link", { name: "change your cookie choices" }).click();
    await expect(banner(page).getByRole("checkbox", { name: /Analytics/ })).toBeChecked();
    await banner(page)
      .getByRole("checkbox", { name: /Analytics/ })
      .uncheck();
    const reloaded = page.waitForEvent("load");
    await banner(page).getByRole("button", { name: "Save my choices" }).click();
    await reloaded;
    const before = hits.length;
    await afterIdleWork(page);
    expect(hits.slice(before).map((h) => h.url.href)).toEqual([]);
    expect(await thirdPartyState(page)).toEqual({ scripts: [], fbq: "undefined", gtm: "undefined" });
  });

  test("the checkout's own footer reopens the choices too", async ({ page }) => {
    await page.goto("/checkout");
    await banner(page).getByRole("button", { name: "Necessary only" }).click();
    await expect(banner(page)).toHaveCount(0);
    await page.locator("footer:visible").getByRole("button", { name: "Cookie settings" }).click();
    await expect(banner(page).getByRole("checkbox", { name: /Marketing/ })).not.toBeChecked();
  });

  test("the notice comes in the page's HTML: drawn with no code at all on a first visit, never drawn for a returning shopper", async ({
    browser,
    page,
    context,
  }, testInfo) => {
    // In the HTML as served (from the page cache), for a browser that runs no code at all.
    const html = await (await context.request.get("/product-category/couches")).text();
    expect(html).toContain("Cookies, your choice");
    const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
    const noCode = await browser.newContext({
      viewport,
      userAgent,
      deviceScaleFactor,
      isMobile,
      hasTouch,
      javaScriptEnabled: false,
    });
    const bare = await noCode.newPage();
    await bare.goto("/product-category/couches");
    await expect(banner(bare)).toBeVisible();
    await expect(banner(bare).getByRole("button", { name: "Accept all" })).toBeVisible();
    await bare.screenshot({ path: `e2e/artifacts/${testInfo.project.name}-cookie-notice-without-code.png` });
    await noCode.close();

    // A returning shopper: every frame the browser draws is checked, from the first, until the
    // page's code has run and taken the notice out.
    await rememberConsent(context);
    await context.addInitScript(() => {
      const seen = { parsed: false, drawn: 0, frames: 0 };
      (window as unknown as { noticeSeen: typeof seen }).noticeSeen = seen;
      const notice = () => document.querySelector("[data-testid=cookie-banner]");
      // In the document (parsed) at any point, drawing or not.
      new MutationObserver(() => {
        if (notice()) seen.parsed = true;
      }).observe(document, { childList: true, subtree: true });
      // A frame's callbacks run just before the browser draws it (never while stylesheets block it).
      const frame = () => {
        seen.frames++;
        if (notice()?.checkVisibility()) seen.drawn++;
        if (seen.frames < 600) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    for (const path of ["/product-category/couches", "/cart"]) {
      await page.goto(path);
      await afterIdleWork(page);
      await expect(banner(page)).toHaveCount(0);
      const seen = await page.evaluate(() => (window as unknown as { noticeSeen: object }).noticeSeen);
      expect(seen, path).toEqual({ parsed: true, drawn: 0, frames: expect.any(Number) });
      expect((seen as { frames: number }).frames, path).toBeGreaterThan(0);
    }
    await page.screenshot({ path: `e2e/artifacts/${testInfo.project.name}-cookie-notice-returning.png` });
  });

  test("a press on the notice before the page's code has arrived is not lost", async ({ page, context }) => {
    const hits = await interceptThirdParties(context);
    // The page's scripts are held back until the press has been made.
    const held: Route[] = [];
    let release = false;
    await page.route("**/_next/static/**/*.js", (route) => (release ? route.continue() : void held.push(route)));
    await page.goto("/cart", { waitUntil: "domcontentloaded" });
    await expect(banner(page)).toBeVisible();
    expect(held.length, "the page's code is still held back").toBeGreaterThan(0);
    await banner(page).getByRole("button", { name: "Accept all" }).click();
    // Gone at once, though nothing is stored yet and no tag has loaded.
    await expect(banner(page)).toBeHidden();
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY.consent)).toBeNull();

    release = true;
    for (const route of held.splice(0)) await route.continue();
    await expect
      .poll(() => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "null"), STORAGE_KEY.consent))
      .toMatchObject({ version: 1, granted: { analytics: true, marketing: true } });
    await expect(banner(page)).toHaveCount(0);
    await expect
      .poll(() => scriptLoads(hits, "www.googletagmanager.com"))
      .toEqual([`https://www.googletagmanager.com/gtm.js?id=${GTM_ID}`]);
  });
});
