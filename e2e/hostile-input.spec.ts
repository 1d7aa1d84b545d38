import net from "node:net";
import { expect, test } from "@playwright/test";

/**
 * Hostile input against the production server, over HTTP: what the unit and route tests cannot
 * show (Next's own handling of addresses, cookies and request bodies in front of the shop).
 */
const EVIL = "http://evil.example";

/** Sends `head` (and no more) on a raw socket and reads the status line of the answer. */
function rawStatus(baseURL: string, head: string, timeoutMs = 5_000): Promise<{ status: number; ms: number }> {
  const { hostname, port } = new URL(baseURL);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(head));
    let text = "";
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms: ${JSON.stringify(text.slice(0, 200))}`));
    }, timeoutMs);
    socket.on("data", (chunk) => {
      text += chunk.toString("latin1");
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (m) {
        clearTimeout(timer);
        socket.destroy();
        resolve({ status: Number(m[1]), ms: Date.now() - started });
      }
    });
    socket.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

test.describe("hostile input at the edge", () => {
  test("a prototype key is refused, and the sitemap and previews still answer", async ({ request }) => {
    const attack = await request.get("/api/stamped?__proto__[token]=stolen&__proto__[x]=y");
    expect(attack.status()).toBe(400);
    expect(await attack.json()).toMatchObject({
      status: 400,
      code: "invalid_params",
      data: { status: 400, field: "__proto__[token]" },
    });
    const form = await request.post("/api/register", { form: { "__proto__[x]": "y", constructor: "z" } });
    expect(form.status()).toBe(400);
    expect((await request.get("/sitemap.xml")).status()).toBe(200);
    expect((await request.get("/og/product/eden-2-seater")).status()).toBe(200);
    expect((await request.get("/og.png")).status()).toBe(200);
  });

  test("NUL in a route parameter, a query or a cookie is a 4xx on pages and calls", async ({
    request,
    playwright,
    baseURL,
  }) => {
    for (const path of [
      "/checkout/order/%00",
      "/checkout/order/1?key=%00",
      "/my-account/view-order/%00",
      "/checkout/payjustnow/confirmed/a%00b",
      "/checkout/payjustnow/cancelled/%00?token=x",
      "/og/product/%00",
      "/og/category/%00",
      "/og/article/%00",
      "/product/%00",
      "/product-category/%00",
      "/blog/%00",
      "/%00/about-us",
      "/api/cart-guest?cartKey=%00",
    ]) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect([path, res.status() === 400 || res.status() === 404]).toEqual([path, true]);
    }
    const withCookie = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: "kaya_cart=%00" } });
    for (const path of ["/", "/cart", "/api/cart-guest"]) {
      const res = await withCookie.get(path);
      expect([path, res.status()]).toEqual([path, 400]);
      expect(res.headers()["set-cookie"]).toMatch(/kaya_cart=;.*Max-Age=0/i);
    }
    await withCookie.dispose();
  });

  test("JSON sent as text/plain is a 415", async ({ request }) => {
    const res = await request.post("/api/cart-guest", {
      headers: { "content-type": "text/plain" },
      data: JSON.stringify({ productId: 1 }),
    });
    expect(res.status()).toBe(415);
    expect(await res.json()).toMatchObject({ status: 415, code: "unsupported_media_type", data: { status: 415 } });
  });

  test("a cross-site state-changing call is a 403; same-origin and header-less calls are served", async ({
    request,
    baseURL,
  }) => {
    const crossSite = await request.post("/api/logout", { headers: { origin: EVIL, "sec-fetch-site": "cross-site" } });
    expect(crossSite.status()).toBe(403);
    expect(await crossSite.json()).toMatchObject({ status: 403, code: "cross_site_request", data: { status: 403 } });
    expect(
      (
        await request.post("/api/logout", {
          headers: { origin: new URL(baseURL!).origin, "sec-fetch-site": "same-origin" },
        })
      ).status(),
    ).toBe(200);
    expect((await request.post("/api/logout")).status()).toBe(200);
  });

  test("a body declared too large is a 413 before it is sent, on every kind of call", async ({ baseURL }) => {
    const huge = 200 * 1024 * 1024;
    for (const path of [
      "/api/payments/payfast/notify",
      "/api/payments/ozow/notify",
      "/api/register",
      "/api/cart-guest",
      "/api/checkout",
    ]) {
      const head = `POST ${path} HTTP/1.1\r\nHost: ${new URL(baseURL!).host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${huge}\r\n\r\na=b&`;
      const { status, ms } = await rawStatus(baseURL!, head);
      expect([path, status]).toEqual([path, 413]);
      expect(ms).toBeLessThan(2_000);
    }
  });

  test("a chunked body is refused once it passes the limit", async ({ baseURL }) => {
    const chunk = "k=".padEnd(32 * 1024, "v");
    const chunks = (n: number) =>
      Array.from({ length: n }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join("");
    const head = (path: string) =>
      `POST ${path} HTTP/1.1\r\nHost: ${new URL(baseURL!).host}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n`;
    // A notification (no proxy in front): abandoned without waiting for the end of the body.
    expect((await rawStatus(baseURL!, head("/api/payments/payfast/notify") + chunks(8))).status).toBe(413);
    // Behind the proxy Next receives the whole body first (keeping a bounded copy); then the call
    // refuses it rather than reading a truncated copy as if it were complete.
    expect((await rawStatus(baseURL!, `${head("/api/register")}${chunks(16)}0\r\n\r\n`)).status).toBe(413);
  });
});
