import type { ConsoleMessage, Locator, Page, Request, Response } from "@playwright/test";
import { CartDrawer, inStockVariation } from "./fixtures/cart";
import { CheckoutPage, OrderPage, buyerEmail } from "./fixtures/checkout";
import { workshopDelivery } from "./fixtures/admin";
import { afterIdleWork, expect, test, warmDatabase, type BlobProduct } from "./fixtures/shop";

/**
 * A new shopper's walk through every kind of page the shop has, at 390 px on the phone project
 * and 1440 px on the desktop one, buying a piece by bank transfer on the way and signing up at
 * the end. On every page: nothing scrolls sideways, the console shows no error, no script
 * throws, and no call to the shop fails (an answer of 400 or more, or no answer at all), except
 * the missing page's own 404.
 */
warmDatabase();

/** One page of the walk: where it is, what shows it is ready, and what the shopper does there. */
type Stop = { name: string; path?: string; ready: (page: Page) => Locator; act?: (page: Page) => Promise<void> };

/** What went wrong on each page, by page, attributed to the page that asked for it. */
class Watch {
  readonly problems: string[] = [];
  private stop = "start";
  private readonly asked = new WeakMap<Request, string>();
  private readonly answered = new WeakSet<Request>();
  private readonly open = new Set<Request>();
  constructor(
    page: Page,
    private readonly origin: string,
  ) {
    page.on("request", (r) => {
      this.asked.set(r, this.stop);
      this.open.add(r);
    });
    page.on("requestfinished", (r) => this.open.delete(r));
    page.on("console", (m) => this.console(m));
    page.on("pageerror", (e) => this.add(`page error: ${e.message.split("\n")[0]}`));
    page.on("response", (r) => this.response(r));
    page.on("requestfailed", (r) => this.failed(r));
  }
  /** Calls to the shop this page started that have not ended. */
  stillOpen(): string[] {
    return [...this.open].filter((r) => this.ours(r.url())).map((r) => r.url().slice(this.origin.length));
  }
  at(stop: string) {
    this.stop = stop;
  }
  private add(what: string, stop = this.stop) {
    this.problems.push(`${stop}: ${what}`);
  }
  private ours(url: string) {
    return url.startsWith(this.origin);
  }
  /** The missing page answers 404 on purpose: that answer, and the browser's note of it, are fine. */
  private expected404(stop: string, url: string, status: number) {
    return stop === "404" && status === 404 && new URL(url).pathname === MISSING;
  }
  private console(m: ConsoleMessage) {
    if (m.type() !== "error") return;
    const at = m.location().url;
    if (/status of 404/.test(m.text()) && at && this.expected404(this.stop, at, 404)) return;
    this.add(`console error: ${m.text().slice(0, 200)}${at ? ` (${at})` : ""}`);
  }
  private response(r: Response) {
    const url = r.url();
    if (r.status() < 400) this.answered.add(r.request());
    if (!this.ours(url) || r.status() < 400) return;
    const stop = this.asked.get(r.request()) ?? this.stop;
    if (this.expected404(stop, url, r.status())) return;
    this.add(`${r.request().method()} ${url.slice(this.origin.length)} answered ${r.status()}`, stop);
  }
  private failed(r: Request) {
    this.open.delete(r);
    if (!this.ours(r.url())) return;
    const stop = this.asked.get(r) ?? this.stop;
    const error = r.failure()?.errorText ?? "";
    // A call the shopper's own next click cut short (leaving the page) is not the shop's failure,
    // nor an answer the page stopped reading once it had what it needed, nor a prefetch the
    // router gave up (a link that left the screen, or a newer prefetch of the same page): the
    // shopper asked for none of them; nor a code chunk the browser stopped loading for such a
    // prefetch (a chunk a page needs and cannot load throws, which the page-error watch catches).
    // A call that never ended is caught below, as one still open.
    const prefetch =
      "next-router-prefetch" in r.headers() ||
      "next-router-segment-prefetch" in r.headers() ||
      r.url().startsWith(`${this.origin}/_next/static/`);
    if (/ERR_ABORTED/.test(error) && (stop !== this.stop || this.answered.has(r) || prefetch)) return;
    this.add(`${r.method()} ${r.url().slice(this.origin.length)} failed: ${error}`, stop);
  }
}

const MISSING = "/no-such-page-on-the-walk";

async function horizontalScroll(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement!;
    const wide = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5 && el.checkVisibility())
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 100));
    return { scrollWidth: root.scrollWidth, innerWidth: window.innerWidth, wide };
  });
}

const simple = (c: BlobProduct[]) => c.find((p) => p.slug === "pebble-ottoman")!;
const variable = (c: BlobProduct[]) =>
  c.find((p) => Object.keys(p.variations).length > 1 && p.stock_status === "instock" && inStockVariation(p))!;

test.describe("a walk through the shop", () => {
  // The walk buys one Pebble by bank transfer: each project's run brings its own.
  test.beforeAll(({ browser }) => workshopDelivery(browser, "pebble-ottoman", 2));

  test("every kind of page: no sideways scroll, no console error, no failed call", async ({
    page,
    catalogue,
    baseURL,
  }, testInfo) => {
    test.setTimeout(300_000);
    const phone = testInfo.project.name === "phone";
    await page.setViewportSize(phone ? { width: 390, height: 844 } : { width: 1440, height: 900 });
    const watch = new Watch(page, new URL(baseURL!).origin);
    const h1 = (name?: string | RegExp) => (p: Page) => p.getByRole("heading", { level: 1, name });
    const email = buyerEmail(testInfo, "walk");
    const blog = await page.request.get("/blog");
    const article = /href="(\/blog\/[a-z0-9-]+)"/.exec(await blog.text())![1]!;
    const pebble = simple(catalogue);
    const couch = variable(catalogue);
    const choice = new URLSearchParams(
      inStockVariation(couch).attributes.map((a) => [a.name.toLowerCase(), a.option.toLowerCase()]),
    );

    const stops: Stop[] = [
      { name: "home", path: "/", ready: h1() },
      { name: "category", path: "/product-category/couches", ready: h1("Couches") },
      {
        name: "filtered category",
        path: "/product-category/couches?fabric=charcoal&sort=price-asc",
        ready: (p) => p.getByTestId("result-count"),
      },
      { name: "product (variable)", path: `/product/${couch.slug}?${choice}`, ready: (p) => p.getByTestId("buy-box") },
      { name: "free ottoman", path: "/free-ottoman", ready: h1() },
      { name: "search results", path: "/search?q=ottoman", ready: (p) => p.getByTestId("product-card").first() },
      { name: "cart (empty)", path: "/cart", ready: (p) => p.getByText(/your cart is empty/i).first() },
      {
        name: "product (simple)",
        path: `/product/${pebble.slug}`,
        ready: (p) => p.getByTestId("buy-box"),
        act: async (p) => {
          await p.getByTestId("buy-box").getByTestId("add-to-cart").click();
          const drawer = new CartDrawer(p);
          await expect(drawer.count()).toHaveText("1");
          await drawer.close();
        },
      },
      { name: "cart (a line)", path: "/cart", ready: (p) => p.locator("main [data-testid=cart-line]").first() },
      {
        name: "checkout",
        path: "/checkout",
        ready: (p) => p.getByTestId("checkout-form"),
        act: async (p) => {
          const checkout = new CheckoutPage(p);
          await checkout.fillDetails(email);
          await checkout.choose(/Direct bank transfer/);
          await checkout.payNow();
        },
      },
      {
        name: "order (bank transfer)",
        ready: (p) => new OrderPage(p).bankDetails(),
        act: async (p) => new OrderPage(p).expectStatus("on-hold"),
      },
      { name: "login", path: "/login", ready: h1() },
      {
        name: "create account",
        path: "/create-account",
        ready: h1(),
        act: async (p) => {
          const made = await p.request.post("/api/register", {
            data: { email: `walk.${email}`, password: "Walk-Through-2026", first_name: "Lindiwe", last_name: "Dube" },
          });
          expect(made.ok()).toBe(true);
        },
      },
      { name: "my account", path: "/my-account", ready: h1(/Hello, Lindiwe/) },
      { name: "blog", path: "/blog", ready: h1() },
      { name: "article", path: article, ready: h1() },
      { name: "information page", path: "/info/shipping-and-returns", ready: h1() },
      { name: "contact", path: "/info/contact-us", ready: h1() },
      { name: "giveaway", path: "/eden-2-seater-giveaway", ready: h1() },
      { name: "404", path: MISSING, ready: h1() },
    ];

    for (const stop of stops) {
      watch.at(stop.name);
      if (stop.path) await page.goto(stop.path);
      await expect(stop.ready(page), stop.name).toBeVisible({ timeout: 30_000 });
      await afterIdleWork(page);
      // Every call the page makes ends: one left hanging holds one of the browser's few
      // connections to the shop, and the shopper's next click waits behind it.
      const idle = await page
        .waitForLoadState("networkidle", { timeout: 10_000 })
        .then(() => true)
        .catch(() => false);
      if (!idle) watch.problems.push(`${stop.name}: calls still open after 10 s: ${watch.stillOpen().join(", ")}`);
      const o = await horizontalScroll(page);
      if (o.scrollWidth > o.innerWidth) {
        watch.problems.push(
          `${stop.name}: scrolls sideways, ${o.scrollWidth} > ${o.innerWidth} (${o.wide.join(" | ")})`,
        );
      }
      if (stop.act) {
        await stop.act(page);
        await page.waitForLoadState("networkidle").catch(() => undefined);
      }
      watch.at(`after ${stop.name}`);
    }
    expect(watch.problems).toEqual([]);
  });
});
