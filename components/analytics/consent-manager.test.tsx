/** @jest-environment jsdom */
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { ConsentManager, HIDDEN_WHEN_CHOSEN } from "@/components/analytics/consent-manager";
import { CookieSettingsButton } from "@/components/analytics/cookie-settings-button";
import { ConsentScript, CookieNotice } from "@/components/analytics/notice-in-page";
import { CookieBanner } from "@/components/analytics/cookie-banner";
import {
  type AnalyticsConfig,
  CHOSEN_ATTRIBUTE,
  CONSENT_VERSION,
  type EarlyPressWindow,
  makeChoice,
  offeredCategories,
} from "@/lib/analytics/consent";
import { consentScriptSource } from "@/lib/analytics/consent-script";
import { trackAddToCart, trackPurchase } from "@/lib/analytics/events";
import type { AnalyticsWindow } from "@/lib/analytics/third-party";
import { useConsentStore } from "@/stores/consent";
import { STORAGE_KEY } from "@/lib/http/cookie-names";
import { setEnv } from "@/lib/config/set-env";

// The App Router's address, changed by the tests to stand for client navigations.
const address = { pathname: "/", search: "" };
jest.mock("next/navigation", () => ({
  usePathname: () => address.pathname,
  useSearchParams: () => new URLSearchParams(address.search),
}));

const CONFIG = { gtmId: "GTM-KAYATEST", pixelId: "1234567890" };

/** As app/layout.tsx places it: with the notice the server draws. */
const manager = (config: AnalyticsConfig = CONFIG) => (
  <ConsentManager config={config} notice={<CookieNotice config={config} />} />
);
const w = () => window as AnalyticsWindow;

const scripts = () => [...document.querySelectorAll<HTMLScriptElement>("script[src]")].map((s) => s.src);
const fbqCalls = () => (w().fbq?.queue ?? []).map((args) => Array.from(args as ArrayLike<unknown>));
const events = (name: string) => (w().dataLayer ?? []).filter((e) => (e as { event?: string }).event === name);

function remember(granted: { analytics?: boolean; marketing?: boolean }, date = new Date()) {
  localStorage.setItem(STORAGE_KEY.consent, JSON.stringify(makeChoice(granted, ["analytics", "marketing"], date)));
}

/*
 * The scripts load in idle time. Idle callbacks here run on the next tick and are counted, so a
 * test of absence waits until every one the page asked for has run, instead of for a guessed time.
 */
const pendingIdle = new Set<number>();
async function idleWorkDone() {
  await waitFor(() => expect(pendingIdle.size).toBe(0));
}

// The banner is a lazy chunk: compiled once here, so the first test's wait is for the banner, not
// for a cold module compile on a busy machine.
beforeAll(async () => {
  await import("@/components/analytics/cookie-banner");
});

beforeEach(() => {
  pendingIdle.clear();
  window.requestIdleCallback = (callback) => {
    const id = window.setTimeout(() => {
      pendingIdle.delete(id);
      callback({ didTimeout: false, timeRemaining: () => 50 });
    }, 1);
    pendingIdle.add(id);
    return id;
  };
  window.cancelIdleCallback = (id) => {
    window.clearTimeout(id);
    pendingIdle.delete(id);
  };
  setEnv({ NEXT_PUBLIC_GTM_ID: undefined, NEXT_PUBLIC_META_PIXEL_ID: undefined });
  localStorage.clear();
  document.head.innerHTML = "";
  document.body.innerHTML = "";
  document.documentElement.removeAttribute(CHOSEN_ATTRIBUTE);
  delete w().dataLayer;
  delete w().fbq;
  delete w()._fbq;
  address.pathname = "/";
  address.search = "";
  useConsentStore.setState({ choice: null, loaded: false, settingsOpen: false, choicesRequested: false });
});

describe("the cookie notice", () => {
  test("asks on a first visit, labelled, and nothing third-party loads before an answer", async () => {
    render(manager());
    const banner = await screen.findByRole("region", { name: "Cookies, your choice" });
    expect(within(banner).getByRole("button", { name: "Accept all" })).toBeVisible();
    expect(within(banner).getByRole("button", { name: "Necessary only" })).toBeVisible();
    expect(within(banner).getByRole("link", { name: "Our privacy policy" })).toHaveAttribute(
      "href",
      "/info/privacy-policy",
    );
    // First in the page's order, so the first Tab reaches it.
    expect(document.body.firstElementChild).toContainElement(banner);
    await idleWorkDone();
    expect(scripts()).toEqual([]);
    expect(w().fbq).toBeUndefined();
  });

  test("accept all loads the tag manager and the pixel: init, PageView, consent and page_view", async () => {
    const user = userEvent.setup();
    render(manager());
    // An event from before consent: kept in the page, never handed to the tag manager.
    trackAddToCart([{ id: "11", name: "Pebble Ottoman", priceCents: 349900, quantity: 1 }]);
    expect(events("add_to_cart")).toHaveLength(1);

    await user.click(await screen.findByRole("button", { name: "Accept all" }));
    await waitFor(() =>
      expect(scripts()).toEqual([
        "https://www.googletagmanager.com/gtm.js?id=GTM-KAYATEST",
        "https://connect.facebook.net/en_US/fbevents.js",
      ]),
    );
    expect(screen.queryByTestId("cookie-banner")).toBeNull();

    await waitFor(() =>
      expect(fbqCalls()).toEqual([
        ["init", "1234567890"],
        ["track", "PageView"],
      ]),
    );
    const [consent, start, ...rest] = w().dataLayer!;
    expect(Array.from(consent as ArrayLike<unknown>)).toEqual([
      "consent",
      "default",
      { analytics_storage: "granted", ad_storage: "granted", ad_user_data: "granted", ad_personalization: "granted" },
    ]);
    expect(start).toMatchObject({ event: "gtm.js" });
    expect(rest.filter((e) => !(e instanceof Object && "0" in e))).toEqual([
      { event: "page_view", page_location: "http://localhost/", page_path: "/" },
    ]);
    expect(events("add_to_cart")).toHaveLength(0);

    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY.consent)!);
    expect(stored).toMatchObject({ version: CONSENT_VERSION, granted: { analytics: true, marketing: true } });
    expect(Date.now() - Date.parse(stored.date)).toBeLessThan(60_000);
  });

  test("after consent, add to cart and purchase reach both in ZAR; every navigation is a page view", async () => {
    remember({ analytics: true, marketing: true });
    const { rerender } = render(manager());
    await waitFor(() =>
      expect(fbqCalls()).toEqual([
        ["init", "1234567890"],
        ["track", "PageView"],
      ]),
    );
    expect(screen.queryByTestId("cookie-banner")).toBeNull();

    address.pathname = "/product-category/ottomans";
    address.search = "sort=price";
    rerender(manager());
    expect(fbqCalls().filter((c) => c[1] === "PageView")).toHaveLength(2);
    expect(events("page_view")).toHaveLength(2);

    // The same address again (a re-render, a hash change) is not another page.
    rerender(manager());
    expect(events("page_view")).toHaveLength(2);

    trackAddToCart([{ id: "11", name: "Pebble Ottoman", priceCents: 349900, quantity: 2 }]);
    expect(events("add_to_cart")[0]).toMatchObject({
      ecommerce: { currency: "ZAR", value: 6998, items: [{ item_id: "11", price: 3499, quantity: 2 }] },
    });
    expect(fbqCalls().at(-1)).toEqual([
      "track",
      "AddToCart",
      expect.objectContaining({ currency: "ZAR", value: 6998, content_ids: ["11"] }),
    ]);

    trackPurchase({
      orderNumber: "KL-000123",
      valueCents: 699800,
      taxCents: 91278,
      items: [{ id: "11", name: "Pebble Ottoman", priceCents: 349900, quantity: 2 }],
    });
    expect(events("purchase")[0]).toMatchObject({
      ecommerce: { transaction_id: "KL-000123", currency: "ZAR", value: 6998, tax: 912.78, shipping: 0 },
    });
    expect(fbqCalls().at(-1)).toEqual([
      "track",
      "Purchase",
      expect.objectContaining({ currency: "ZAR", value: 6998 }),
      { eventID: "purchase-KL-000123" },
    ]);
  });

  test("page views never carry an order key or other private parameters", async () => {
    window.history.replaceState(null, "", "/checkout/order/12?key=secret-order-key&utm_source=news");
    address.pathname = "/checkout/order/12";
    address.search = "key=secret-order-key&utm_source=news";
    remember({ analytics: true, marketing: false });
    render(manager());
    await waitFor(() => expect(events("page_view")).toHaveLength(1));
    expect(events("page_view")[0]).toEqual({
      event: "page_view",
      page_location: "http://localhost/checkout/order/12?utm_source=news",
      page_path: "/checkout/order/12?utm_source=news",
    });
    window.history.replaceState(null, "", "/");
  });

  test("necessary only loads nothing, and is remembered", async () => {
    const user = userEvent.setup();
    const first = render(manager());
    await user.click(await screen.findByRole("button", { name: "Necessary only" }));
    expect(screen.queryByTestId("cookie-banner")).toBeNull();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY.consent)!).granted).toEqual({
      analytics: false,
      marketing: false,
    });
    first.unmount();

    // The next page load.
    useConsentStore.setState({ choice: null, loaded: false, settingsOpen: false, choicesRequested: false });
    render(manager());
    await waitFor(() => expect(useConsentStore.getState().loaded).toBe(true));
    await idleWorkDone();
    expect(screen.queryByTestId("cookie-banner")).toBeNull();
    expect(scripts()).toEqual([]);
    trackAddToCart([{ id: "11", name: "Pebble Ottoman", priceCents: 349900, quantity: 1 }]);
    expect(w().fbq).toBeUndefined();
  });

  test("choosing per category: analytics without marketing loads only the tag manager, with ads consent denied", async () => {
    const user = userEvent.setup();
    render(manager());
    await user.click(await screen.findByRole("button", { name: "Choose cookies" }));
    const necessary = screen.getByRole("checkbox", { name: /Necessary/ });
    expect(necessary).toBeChecked();
    expect(necessary).toBeDisabled();
    const analytics = screen.getByRole("checkbox", { name: /Analytics/ });
    await waitFor(() => expect(analytics).toHaveFocus());
    expect(screen.getByRole("checkbox", { name: /Marketing/ })).not.toBeChecked();
    await user.keyboard(" ");
    expect(analytics).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Save my choices" }));
    await waitFor(() => expect(scripts()).toEqual(["https://www.googletagmanager.com/gtm.js?id=GTM-KAYATEST"]));
    expect(Array.from(w().dataLayer![0] as ArrayLike<unknown>)[2]).toMatchObject({
      analytics_storage: "granted",
      ad_storage: "denied",
    });
    expect(w().fbq).toBeUndefined();
  });

  test("a choice from an older version, or one that never covered the pixel, is asked again with earlier answers kept", async () => {
    localStorage.setItem(
      STORAGE_KEY.consent,
      JSON.stringify({ ...makeChoice({ analytics: true, marketing: true }, ["analytics", "marketing"]), version: 0 }),
    );
    const old = render(manager());
    expect(await screen.findByTestId("cookie-banner")).toBeVisible();
    old.unmount();
    document.body.innerHTML = "";

    useConsentStore.setState({ choice: null, loaded: false, settingsOpen: false, choicesRequested: false });
    localStorage.setItem(STORAGE_KEY.consent, JSON.stringify(makeChoice({ analytics: true }, ["analytics"])));
    const user = userEvent.setup();
    render(manager());
    await user.click(await screen.findByRole("button", { name: "Choose cookies" }));
    expect(screen.getByRole("checkbox", { name: /Analytics/ })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: /Marketing/ })).not.toBeChecked();
  });

  test("Cookie settings reopens the choices with focus on them; Escape closes and gives focus back", async () => {
    remember({ analytics: false, marketing: false });
    setEnv({ NEXT_PUBLIC_GTM_ID: CONFIG.gtmId });
    const user = userEvent.setup();
    render(
      <>
        {manager()}
        <CookieSettingsButton />
      </>,
    );
    await waitFor(() => expect(useConsentStore.getState().loaded).toBe(true));
    expect(screen.queryByTestId("cookie-banner")).toBeNull();
    const opener = screen.getByRole("button", { name: "Cookie settings" });
    await user.click(opener);
    const heading = await screen.findByRole("heading", { name: "Cookies, your choice" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole("checkbox", { name: /Marketing/ })).not.toBeChecked();
    await user.keyboard("{Escape}");
    expect(screen.queryByTestId("cookie-banner")).toBeNull();
    expect(opener).toHaveFocus();

    // A link to #cookie-settings (the privacy page's) opens them too.
    const link = document.createElement("a");
    link.href = "#cookie-settings";
    link.textContent = "change your cookie choices";
    document.body.append(link);
    await user.click(link);
    expect(await screen.findByTestId("cookie-choices")).toBeVisible();
    await user.click(screen.getByRole("checkbox", { name: /Marketing/ }));
    await user.click(screen.getByRole("button", { name: "Save my choices" }));
    await waitFor(() => expect(scripts()).toEqual(["https://connect.facebook.net/en_US/fbevents.js"]));
    expect(link).toHaveFocus();
  });

  test("a choice made in another tab applies here", async () => {
    render(manager());
    await screen.findByTestId("cookie-banner");
    remember({ analytics: true, marketing: false });
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: STORAGE_KEY.consent }));
    });
    await waitFor(() => expect(screen.queryByTestId("cookie-banner")).toBeNull());
    await waitFor(() => expect(scripts()).toEqual(["https://www.googletagmanager.com/gtm.js?id=GTM-KAYATEST"]));
  });

  test("with neither script configured there is nothing to ask, and no Cookie settings", async () => {
    const { container } = render(
      <>
        {manager({})}
        <ConsentManager config={{}} />
        <CookieSettingsButton />
      </>,
    );
    await idleWorkDone();
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByTestId("cookie-banner")).toBeNull();
  });

  test("granting marketing later, while the tag manager runs, updates its consent and adds the pixel", async () => {
    remember({ analytics: true, marketing: false });
    render(manager());
    await waitFor(() => expect(scripts()).toEqual(["https://www.googletagmanager.com/gtm.js?id=GTM-KAYATEST"]));
    act(() => {
      useConsentStore.getState().choose({ analytics: true, marketing: true }, ["analytics", "marketing"]);
    });
    const consentCalls = () =>
      (w().dataLayer ?? [])
        .filter((e) => !(e as { event?: string }).event && e instanceof Object && "0" in e)
        .map((e) => Array.from(e as ArrayLike<unknown>));
    await waitFor(() =>
      expect(consentCalls().at(-1)).toEqual([
        "consent",
        "update",
        { analytics_storage: "granted", ad_storage: "granted", ad_user_data: "granted", ad_personalization: "granted" },
      ]),
    );
    expect(consentCalls()).toHaveLength(2);
    await waitFor(() =>
      expect(scripts()).toEqual([
        "https://www.googletagmanager.com/gtm.js?id=GTM-KAYATEST",
        "https://connect.facebook.net/en_US/fbevents.js",
      ]),
    );
    await waitFor(() =>
      expect(fbqCalls()).toEqual([
        ["init", "1234567890"],
        ["track", "PageView"],
      ]),
    );
  });

  test("without the server's notice, the banner's own code draws it", async () => {
    const user = userEvent.setup();
    render(<ConsentManager config={CONFIG} />);
    const banner = await screen.findByRole("region", { name: "Cookies, your choice" });
    await user.click(within(banner).getByRole("button", { name: "Necessary only" }));
    expect(screen.queryByTestId("cookie-banner")).toBeNull();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY.consent)!).granted).toEqual({
      analytics: false,
      marketing: false,
    });
  });

  test("the server's notice and the banner's look the same: one markup, ids and action names aside", () => {
    const offered = offeredCategories(CONFIG);
    const server = render(<CookieNotice config={CONFIG} />).container.innerHTML;
    const banner = render(<CookieBanner offered={offered} choice={null} settingsOpen={false} onChoose={() => {}} />)
      .container.innerHTML;
    const ids = (html: string) =>
      html.replace(/(id|aria-labelledby)="[^"]*"/g, '$1="…"').replace(/ data-cookie-action="[^"]*"/g, "");
    expect(server).toContain("Cookies, your choice");
    expect(ids(banner)).toBe(ids(server));
  });
});

/*
 * The page as the browser gets it: the server's HTML (the consent script, then the notice), the
 * script run while the page is parsed, and the consent manager's code hydrating it later.
 */
describe("the notice in the server's HTML", () => {
  const early = () => window as EarlyPressWindow;
  const page = (config: AnalyticsConfig = CONFIG) => (
    <>
      <ConsentScript config={config} />
      {manager(config)}
    </>
  );

  /** Parses the server's HTML the way a browser does (inline script first), without hydrating it. */
  function serve(config: AnalyticsConfig = CONFIG): HTMLElement {
    const html = renderToString(page(config));
    const root = document.createElement("div");
    document.body.append(root);
    if (offeredCategories(config).length) new Function(consentScriptSource(offeredCategories(config)))();
    root.innerHTML = html;
    return root;
  }

  afterEach(() => {
    const w = early();
    if (w.kayaConsentListener) document.documentElement.removeEventListener("click", w.kayaConsentListener, true);
    delete w.kayaConsentListener;
    delete w.kayaConsentPress;
  });

  test("a first visit: the notice is in the HTML, and hydrating it keeps the same elements", async () => {
    const errors = jest.spyOn(console, "error");
    const root = serve();
    const text = within(root).getByText(/uses a few necessary cookies/);
    expect(within(root).getByRole("region", { name: "Cookies, your choice" })).toBeInTheDocument();
    expect(document.documentElement).not.toHaveAttribute(CHOSEN_ATTRIBUTE);
    // First in the page's order.
    expect(root.querySelector("[data-testid=cookie-banner]")).toBe(root.querySelector("section, a, button"));

    render(page(), { container: root, hydrate: true });
    await waitFor(() => expect(useConsentStore.getState().loaded).toBe(true));
    expect(within(root).getByText(/uses a few necessary cookies/)).toBe(text);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();

    // Its buttons work once the code has run.
    const user = userEvent.setup();
    await user.click(within(root).getByRole("button", { name: "Accept all" }));
    expect(screen.queryByTestId("cookie-banner")).toBeNull();
    await waitFor(() =>
      expect(scripts()).toEqual([
        "https://www.googletagmanager.com/gtm.js?id=GTM-KAYATEST",
        "https://connect.facebook.net/en_US/fbevents.js",
      ]),
    );
  });

  test("a returning shopper: the script's mark hides the notice from the start, then it is gone", async () => {
    remember({ analytics: false, marketing: false });
    const root = serve();
    expect(document.documentElement).toHaveAttribute(CHOSEN_ATTRIBUTE);
    // The class that hides it under the mark (the CSS itself is checked in the browser, e2e).
    expect(root.querySelector("[data-testid=cookie-banner]")!.parentElement).toHaveClass(HIDDEN_WHEN_CHOSEN);
    expect(HIDDEN_WHEN_CHOSEN).toContain(`[${CHOSEN_ATTRIBUTE}]`);

    render(page(), { container: root, hydrate: true });
    await waitFor(() => expect(useConsentStore.getState().loaded).toBe(true));
    expect(screen.queryByTestId("cookie-banner")).toBeNull();
    await idleWorkDone();
    expect(scripts()).toEqual([]);
  });

  test("Accept all pressed before the code has run is carried out when it does", async () => {
    const root = serve();
    within(root).getByRole("button", { name: "Accept all" }).click();
    // Hidden at once, and kept until the code runs.
    expect(document.documentElement).toHaveAttribute(CHOSEN_ATTRIBUTE);
    expect(localStorage.getItem(STORAGE_KEY.consent)).toBeNull();

    render(page(), { container: root, hydrate: true });
    await waitFor(() =>
      expect(useConsentStore.getState().choice?.granted).toEqual({ analytics: true, marketing: true }),
    );
    expect(screen.queryByTestId("cookie-banner")).toBeNull();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY.consent)!).granted).toEqual({
      analytics: true,
      marketing: true,
    });
    await waitFor(() => expect(scripts()).toHaveLength(2));
    // The script stops listening once the manager has taken over.
    expect(early().kayaConsentListener).toBeUndefined();
  });

  test("Choose cookies pressed before the code has run opens the choices when it does", async () => {
    const root = serve();
    within(root).getByRole("button", { name: "Choose cookies" }).click();
    expect(document.documentElement).not.toHaveAttribute(CHOSEN_ATTRIBUTE);
    render(page(), { container: root, hydrate: true });
    await waitFor(() => expect(screen.getByRole("checkbox", { name: /Analytics/ })).toHaveFocus());
    expect(localStorage.getItem(STORAGE_KEY.consent)).toBeNull();
  });

  test("a press kept for a shopper who has meanwhile chosen (another tab) changes nothing", async () => {
    const root = serve();
    within(root).getByRole("button", { name: "Accept all" }).click();
    remember({ analytics: false, marketing: false });
    render(page(), { container: root, hydrate: true });
    await waitFor(() => expect(useConsentStore.getState().loaded).toBe(true));
    expect(useConsentStore.getState().choice?.granted).toEqual({ analytics: false, marketing: false });
  });

  test("with neither script configured there is no script and no notice in the HTML", () => {
    expect(renderToString(page({}))).toBe("");
  });
});
