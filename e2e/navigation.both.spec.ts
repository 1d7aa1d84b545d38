import type { Page, Request, Route } from "@playwright/test";
import { BUILD_POLL_MS } from "../components/layout/platform-client";
import { LOADING_BAR } from "../lib/platform/loading-bar";
import { expect, snap, test, warmDatabase } from "./fixtures/shop";

/**
 * Navigation feedback and updates (issue 7, SPEC sections 4, 8 and 9), in the browser against the
 * production build: the top loading bar on a slow client navigation (and not on a fast one), a
 * full page load on the next navigation once a new build is live, and the guarded reload after a
 * chunk fails to load.
 */
warmDatabase();

type BarChange = { at: number; visible: boolean };
type Win = Window & { kayaMark?: number; kayaBar?: { clickAt: number | null; changes: BarChange[] }; kayaPushes?: number[] };

const isRsc = (req: Request) => req.headers()["rsc"] === "1" || new URL(req.url()).searchParams.has("_rsc");

/**
 * Records, in the page's own clock, when a link is next clicked and each time the bar shows or
 * hides from then on. Called again, it starts a new record.
 */
async function watchBar(page: Page) {
  await page.evaluate(() => {
    const w = window as Win;
    const fresh = !w.kayaBar;
    w.kayaBar = { clickAt: null, changes: [] };
    if (!fresh) return;
    const bar = document.querySelector("[data-testid=loading-bar]")!;
    window.addEventListener("click", () => (w.kayaBar!.clickAt ??= performance.now()), true);
    new MutationObserver(() => {
      const visible = bar.getAttribute("data-visible") === "true";
      const changes = w.kayaBar!.changes;
      if (changes[changes.length - 1]?.visible !== visible) changes.push({ at: performance.now(), visible });
    }).observe(bar, { attributes: true, attributeFilter: ["data-visible"] });
  });
}

const barLog = (page: Page) => page.evaluate(() => (window as Win).kayaBar!);

/** A mark on the current document: it survives client navigations and is gone after a full load. */
const mark = (page: Page) => page.evaluate(() => ((window as Win).kayaMark = 1));
const marked = (page: Page) => page.evaluate(() => (window as Win).kayaMark === 1);

/** The paths of full document loads from here on. */
function documentLoads(page: Page) {
  const urls: string[] = [];
  page.on("request", (req) => {
    if (req.isNavigationRequest() && req.resourceType() === "document" && req.frame() === page.mainFrame()) urls.push(new URL(req.url()).pathname);
  });
  return urls;
}

async function openHome(page: Page) {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Couches made in South Africa");
}

async function toCouches(page: Page) {
  await page.locator("main a:visible", { hasText: "Shop couches" }).click();
  await expect(page).toHaveURL(/\/product-category\/couches$/);
  await expect(page.getByRole("heading", { level: 1, name: "Couches" }).locator("visible=true")).toBeVisible();
}

test.describe("loading bar", () => {
  test("a slow navigation shows the bar after 200 ms and hides it once the page has arrived", async ({ page }, testInfo) => {
    // Every request for page data (prefetches included) takes 1.5 s, so the click has to wait.
    const delayed: string[] = [];
    await page.route("**/*", async (route: Route) => {
      if (!isRsc(route.request())) return route.fallback();
      delayed.push(route.request().url());
      await new Promise((r) => setTimeout(r, 1500));
      await route.fallback().catch(() => undefined);
    });
    await openHome(page);
    const bar = page.getByTestId("loading-bar");
    await expect(bar).toHaveAttribute("data-visible", "false");
    await watchBar(page);

    await page.locator("main a:visible", { hasText: "Shop couches" }).click();
    await expect(bar).toHaveAttribute("data-visible", "true");
    await expect(bar).toHaveCSS("opacity", "1");
    await snap(page, testInfo, "loading-bar");
    await expect(page).toHaveURL(/\/product-category\/couches$/);
    await expect(page.getByRole("heading", { level: 1, name: "Couches" }).locator("visible=true")).toBeVisible();
    await expect(bar).toHaveAttribute("data-visible", "false");
    await expect(bar).toHaveCSS("opacity", "0");

    const { clickAt, changes } = await barLog(page);
    expect(delayed.length).toBeGreaterThan(0);
    expect(changes.map((c) => c.visible)).toEqual([true, false]);
    // Shown no sooner than the throttle (a little slack for the page's timers), and well before the data came.
    const shownAfter = changes[0]!.at - clickAt!;
    expect(shownAfter).toBeGreaterThanOrEqual(LOADING_BAR.throttle - 5);
    expect(shownAfter).toBeLessThan(1200);
    // Hidden no sooner than 500 ms after it finished.
    expect(changes[1]!.at - changes[0]!.at).toBeGreaterThanOrEqual(LOADING_BAR.hideDelay - 5);
  });

  test("a navigation that lands within 200 ms never shows it", async ({ page }) => {
    // When the router writes the new address: the moment a client navigation lands.
    await page.addInitScript(() => {
      const w = window as Win;
      w.kayaPushes = [];
      const push = history.pushState.bind(history);
      history.pushState = (...args: Parameters<History["pushState"]>) => {
        w.kayaPushes!.push(performance.now());
        return push(...args);
      };
    });
    await openHome(page);
    // Let the links' prefetches land, as they would while someone reads the page.
    await page.waitForLoadState("networkidle");
    // How long a navigation takes depends on the machine; go back and forth until one is quick,
    // checking every one on the way: under 170 ms no bar, over 300 ms a bar.
    const seen: Array<{ tookMs: number; shown: boolean }> = [];
    for (let i = 0; i < 6 && !seen.some((n) => n.tookMs < 170); i++) {
      await watchBar(page);
      if (i % 2 === 0) await toCouches(page);
      else {
        await page.locator("header a[aria-label$=', home']:visible").first().click();
        await expect(page.getByRole("heading", { level: 1 }).locator("visible=true")).toContainText("Couches made in South Africa");
      }
      await page.waitForLoadState("networkidle");
      // Past the throttle and the hiding: whatever the bar was going to do, it has done.
      await page.waitForTimeout(LOADING_BAR.throttle + LOADING_BAR.hideDelay + LOADING_BAR.resetDelay);
      const { clickAt, changes } = await barLog(page);
      const landedAt = await page.evaluate(() => (window as Win).kayaPushes!.at(-1)!);
      const nav = { tookMs: Math.round(landedAt - clickAt!), shown: changes.some((c) => c.visible) };
      seen.push(nav);
      if (nav.tookMs < 170) expect(nav, JSON.stringify(seen)).toEqual({ tookMs: nav.tookMs, shown: false });
      if (nav.tookMs > 300) expect(nav, JSON.stringify(seen)).toEqual({ tookMs: nav.tookMs, shown: true });
    }
    test.info().annotations.push({ type: "navigations", description: JSON.stringify(seen) });
    expect(seen.some((n) => n.tookMs < 170), `a navigation under 170 ms: ${JSON.stringify(seen)}`).toBe(true);
  });
});

test.describe("build updates", () => {
  /** Opens the home page with a fake clock, runs it past one poll interval and returns the poll's answer. */
  async function homeAfterOnePoll(page: Page) {
    await page.clock.install();
    await openHome(page);
    await mark(page);
    const polled = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/build");
    await page.clock.runFor(BUILD_POLL_MS);
    const answer = (await (await polled).json()) as { id: string };
    // The answer is read in the page before the click below.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
    return answer;
  }

  test("while the build is the same, a click stays a client navigation", async ({ page, request }) => {
    const live = (await (await request.get("/api/build")).json()) as { id: string };
    const answer = await homeAfterOnePoll(page);
    expect(answer.id).toBe(live.id);
    const loads = documentLoads(page);
    await toCouches(page);
    expect(loads).toEqual([]);
    expect(await marked(page)).toBe(true);
  });

  test("once a new build is live, the next click loads the page in full", async ({ page }) => {
    await page.route("**/api/build?**", (route) => route.fulfill({ json: { id: "a-newer-build" }, headers: { "Cache-Control": "no-store" } }));
    const answer = await homeAfterOnePoll(page);
    expect(answer.id).toBe("a-newer-build");
    const loads = documentLoads(page);
    await toCouches(page);
    expect(loads).toEqual(["/product-category/couches"]);
    expect(await marked(page)).toBe(false);
  });
});

test.describe("a chunk that fails to load", () => {
  test("reloads the page once, with the cart kept; failing again within 10 s it shows the error instead", async ({ page }) => {
    // The review form is loaded only when someone starts writing. Once `failing` is set, every
    // script the page had not loaded before answers 404, as after a deploy removed the old files.
    const loaded = new Set<string>();
    const failed: string[] = [];
    let failing = false;
    await page.route("**/_next/static/chunks/**", (route) => {
      const url = route.request().url();
      if (failing && !loaded.has(url)) {
        failed.push(url);
        return route.fulfill({ status: 404, contentType: "text/plain", body: "Not found" });
      }
      loaded.add(url);
      return route.fallback();
    });
    await page.goto("/product/eden-2-seater?fabric=oat");
    await page.getByTestId("buy-box").getByTestId("add-to-cart").click();
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await page.getByRole("button", { name: "Close cart" }).click();
    await page.waitForLoadState("networkidle");

    const loads = documentLoads(page);
    await mark(page);
    failing = true;
    await page.getByRole("button", { name: "Write a review" }).click();
    await expect.poll(() => loads).toEqual(["/product/eden-2-seater"]);
    await expect(page).toHaveURL(/\/product\/eden-2-seater\?fabric=oat$/);
    await expect(page.getByRole("heading", { level: 1, name: "Eden 2 Seater" })).toBeVisible();
    expect(await marked(page)).toBe(false);
    expect(failed.length).toBeGreaterThan(0);
    await expect(page.getByTestId("cart-count")).toHaveText("1");

    // The file is still missing: no second reload within 10 s (no loop), the error page instead.
    await mark(page);
    await page.getByRole("button", { name: "Write a review" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Internal Server Error" })).toBeVisible();
    await page.waitForTimeout(1000);
    expect(loads).toEqual(["/product/eden-2-seater"]);
    expect(await marked(page)).toBe(true);
  });
});

test("a shared link's `modal` parameter leaves the address on start, the rest stays", async ({ page }) => {
  await page.goto("/product-category/couches?modal=login&sort=newest");
  await expect(page).toHaveURL(/\/product-category\/couches\?sort=newest$/);
  await expect(page.getByRole("heading", { level: 1, name: "Couches" })).toBeVisible();
});
