import http from "node:http";
import type { AddressInfo } from "node:net";
import { setupTestDb } from "@/test/support/db";
import { paymentOrderFor, returnUrlsFor } from "@/lib/payments/orders";
import { providerFor } from "@/lib/payments/registry";
import {
  dispatch,
  eventsFor,
  hiddenInputs,
  insertOrder,
  pebbleStock,
  reload,
  setReference,
} from "@/test/support/payments";
import { STANDIN_ROUTES } from "@/standins/app";
import { MAX_BODY_BYTES, startStandInServer, type StandInServer } from "@/standins/server";
import { setEnv } from "@/lib/config/set-env";

/*
 * The stand-in server over real sockets: every gateway path answers, hostile requests get a
 * refusal rather than a crash, and a payment made on it reaches the shop's handlers (served here
 * by a small HTTP server in front of the app's route handlers) on a real database.
 */
const getDb = setupTestDb();

let standIns: StandInServer;
let shop: http.Server;
let shopUrl: string;
let restore = () => {};

beforeAll(async () => {
  // The shop's handlers, over HTTP, so the stand-ins' notifications and callbacks really travel.
  shop = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = chunks.length > 0 ? Buffer.concat(chunks).toString("utf8") : undefined;
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]),
      );
      dispatch(`${shopUrl}${req.url}`, { method: req.method, headers, body })
        .then(async (response) => {
          res.writeHead(response.status, Object.fromEntries(response.headers));
          res.end(Buffer.from(await response.arrayBuffer()));
        })
        .catch((err) => {
          res.writeHead(500);
          res.end(String(err));
        });
    });
  });
  await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  standIns = await startStandInServer({ host: "127.0.0.1", port: 0, shopUrl });
  restore = setEnv({ STANDINS_URL: standIns.url });
});

afterAll(async () => {
  restore();
  await standIns?.close();
  await new Promise((resolve) => shop?.close(resolve));
});

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${standIns.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body,
    redirect: "manual",
  });

describe("the stand-in server", () => {
  test("serves every gateway path it lists, by its provider's name, and nothing else", async () => {
    expect(STANDIN_ROUTES.map((r) => r.path.split("/")[1])).toEqual(
      expect.arrayContaining(["payfast", "ozow", "payjustnow", "finchoice"]),
    );
    // An empty request to each: the gateway's own refusal (a missing field, signature, key or session).
    const answers: string[] = [];
    for (const route of STANDIN_ROUTES) {
      for (const method of Object.keys(route.methods)) {
        const url = `${standIns.url}${route.path.replace("{id}", "fc_x")}`;
        const res = await fetch(url, {
          method,
          redirect: "manual",
          ...(method === "POST" ? { body: "", headers: { "content-type": "application/x-www-form-urlencoded" } } : {}),
        });
        const text = await res.text();
        answers.push(
          `${method} ${route.path} ${res.status}${text.includes("There is no test gateway here") ? " (no route)" : ""}`,
        );
      }
    }
    expect(answers).toEqual([
      "POST /payfast/eng/process 400",
      "POST /payfast/eng/process/complete 404",
      "POST /payfast/eng/query/validate 200",
      "POST /ozow 400",
      "GET /ozow 400",
      "POST /ozow/complete 404",
      "GET /ozow/api/GetTransaction 401",
      "POST /payjustnow/api/v1/merchant/checkout 401",
      "GET /payjustnow/pay 404",
      "POST /payjustnow/pay 404",
      "POST /finchoice/api/v1/sessions 401",
      "GET /finchoice/api/v1/sessions/{id} 401",
      "GET /finchoice/apply 404",
      "POST /finchoice/apply 404",
    ]);
    expect((await fetch(`${standIns.url}/standin/payfast/eng/process`, { method: "POST", body: "" })).status).toBe(404);
    const wrongMethod = await fetch(`${standIns.url}/payfast/eng/process`);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("POST");
    const index = await fetch(`${standIns.url}/`);
    expect(await index.text()).toContain("Test gateway — no real money moves");
  });

  test("PayFast's validation vouches only for what it issued", async () => {
    const res = await post("/payfast/eng/query/validate", "m_payment_id=1&pf_payment_id=2");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("INVALID");
  });

  test("hostile requests are refused with a 4xx, never a crash", async () => {
    const big = await post("/payfast/eng/process", "a=".padEnd(MAX_BODY_BYTES + 10, "x"));
    expect(big.status).toBe(413);

    // Names that are properties of every plain object, and a script where a way back should be.
    const odd = await post(
      "/payfast/eng/process",
      "__proto__=x&constructor=y&toString=z&cancel_url=javascript:alert(1)",
    );
    expect(odd.status).toBe(400);
    const html = await odd.text();
    expect(html).toContain("merchant_id is required");
    expect(html).not.toContain("javascript:");

    const ozow = await post(
      "/ozow",
      new URLSearchParams({
        SiteCode: "KAY-KAY-001",
        SuccessUrl: "javascript:alert(1)",
        ErrorUrl: "data:text/html,x",
      }).toString(),
    );
    expect(ozow.status).toBe(400);
    const ozowHtml = await ozow.text();
    expect(ozowHtml).toContain("SuccessUrl must be an http(s) address");
    expect(ozowHtml).not.toMatch(/href="(javascript|data):/);

    expect((await fetch(`${standIns.url}/finchoice/api/v1/sessions/%E0%A4%A`)).status).toBe(400);
    const json = await fetch(`${standIns.url}/payjustnow/api/v1/merchant/checkout`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from("1:secret").toString("base64")}`,
        "content-type": "application/json",
      },
      body: "{not json",
    });
    expect(json.status).toBe(400);
  });

  test("PayFast Pay over HTTP: the stand-in's ITN reaches the shop, which validates it with the stand-in and marks the order paid", async () => {
    const db = getDb().db;
    const order = await insertOrder(db, "payfast");
    const urls = returnUrlsFor(order, shopUrl);
    const start = await providerFor("payfast").start((await paymentOrderFor(db, order.id))!, urls);
    if (start.kind !== "form") throw new Error("PayFast starts with a form");
    expect(start.action).toBe(`${standIns.url}/payfast/eng/process`);
    const page = await post("/payfast/eng/process", new URLSearchParams(start.fields).toString());
    expect(page.status).toBe(200);
    const form = hiddenInputs(await page.text());
    const done = await post(
      "/payfast/eng/process/complete",
      new URLSearchParams({ ...form, action: "pay" }).toString(),
    );
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(urls.orderPage);
    expect((await reload(db, order.id)).status).toBe("processing");
    expect(await eventsFor(db, order.id)).toHaveLength(1);
  });

  test("PayJustNow Cancel over HTTP: the shop's API call, the pay page and the fail callback leave the order open for another try", async () => {
    const db = getDb().db;
    const order = await insertOrder(db, "payjustnow");
    const stock = await pebbleStock(db);
    const start = await providerFor("payjustnow").start(
      (await paymentOrderFor(db, order.id))!,
      returnUrlsFor(order, shopUrl),
    );
    if (start.kind !== "redirect" || !start.reference) throw new Error("PayJustNow starts with a redirect and a token");
    await setReference(db, order.id, start.reference);
    expect(start.url).toBe(`${standIns.url}/payjustnow/pay?token=${start.reference}`);
    const page = await fetch(start.url);
    const done = await post(
      "/payjustnow/pay",
      new URLSearchParams({ ...hiddenInputs(await page.text()), action: "cancel" }).toString(),
    );
    expect(done.status).toBe(303);
    // The attempt ends, not the order: it stays pending with its stock held, so the shopper can
    // try again from the order page (the expiry job releases it if nobody does).
    expect((await reload(db, order.id)).status).toBe("pending");
    expect(await pebbleStock(db)).toBe(stock);
  });
});
