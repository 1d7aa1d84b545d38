import { setupTestDb } from "@/test/support/db";
import { latestAttempt } from "@/lib/orders/payment-attempts";
import { serverEnv } from "@/lib/config/env";
import { STANDIN_CREDENTIALS, standInsUrl } from "@/lib/payments/config";
import { returnQuery, returnToken, withQuery } from "@/lib/payments/finchoice/contract";
import { returnUrlsFor } from "@/lib/payments/orders";
import {
  dispatch,
  eventsFor,
  hiddenInputs,
  insertOrder,
  pebbleStock,
  postForm,
  reload,
  routeFetchToApp,
  startPayment,
  startRedirect,
} from "@/test/support/payments";
import type { Order } from "@/lib/db/schema";
import { setEnv } from "@/lib/config/set-env";

/*
 * FinChoice (shop-defined contract) end to end on a real database: a signed session on the
 * stand-in, the application page, and returns whose signed token is checked before FinChoice's
 * status call decides.
 */
const getDb = setupTestDb();
const log = routeFetchToApp();
const STANDINS = standInsUrl();
const SECRET = STANDIN_CREDENTIALS.finchoice.secret;

async function start(order: Order) {
  const { url, reference } = await startRedirect(getDb().db, "finchoice", order);
  return { url, session: reference };
}

const returnUrl = (
  result: "confirmed" | "cancelled",
  order: string,
  session: string,
  token: string,
  accept = "text/html",
) =>
  dispatch(
    `${serverEnv().SITE_URL}/checkout/finchoice/${result}?${new URLSearchParams({ order, session_id: session, token })}`,
    { headers: { accept } },
  );

describe("FinChoice through its stand-in", () => {
  test("the application page offers 3 to 12 months and is a clearly marked test", async () => {
    const order = await insertOrder(getDb().db, "finchoice");
    const { url } = await start(order);
    expect(url).toMatch(new RegExp(`^${STANDINS}/finchoice/apply\\?session=fc_`));
    const html = await (await dispatch(url)).text();
    expect(html).toContain("Test gateway — no real money moves");
    expect(html).toContain('<label for="term">Repayment term</label>');
    expect([...html.matchAll(/<option value="(\d+)"/g)].map((m) => Number(m[1]))).toEqual([
      3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
    expect(html).toMatch(/<button[^>]*>Pay<\/button>/);
    expect(html).toMatch(/<button[^>]*>Cancel<\/button>/);
  });

  test("Pay: FinChoice's status call, not the return, pays the order, once; the shopper lands on the order page", async () => {
    const db = getDb().db;
    const order = await insertOrder(db, "finchoice");
    const { url, session } = await start(order);
    const html = await (await dispatch(url)).text();
    log.length = 0;
    const done = await postForm(`${STANDINS}/finchoice/apply`, { ...hiddenInputs(html), term: "6", action: "pay" });
    expect(log.map((c) => `${c.method} ${c.path} ${c.status}`)).toEqual([
      `GET /finchoice/api/v1/sessions/${session} 200`,
      "GET /checkout/finchoice/confirmed 200",
    ]);
    expect((await reload(db, order.id)).status).toBe("processing");

    // The browser follows to the same return URL: checked again, nothing new, on to the order page.
    expect(done.status).toBe(303);
    const back = await dispatch(done.headers.get("location")!, { headers: { accept: "text/html" } });
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(`/checkout/order/${order.id}?key=${order.orderKey}`);
    const events = await eventsFor(db, order.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      provider: "finchoice",
      providerReference: session,
      status: "paid",
      amountCents: order.totalCents,
    });
    expect(events[0]!.payload).toMatchObject({ term_months: 6, status: "APPROVED" });
  });

  test("Cancel: the attempt is cancelled; the pending order keeps its stock for another", async () => {
    const db = getDb().db;
    const order = await insertOrder(db, "finchoice");
    const stock = await pebbleStock(db);
    const { url } = await start(order);
    const html = await (await dispatch(url)).text();
    const done = await postForm(`${STANDINS}/finchoice/apply`, { ...hiddenInputs(html), action: "cancel" });
    expect(new URL(done.headers.get("location")!).pathname).toBe("/checkout/finchoice/cancelled");
    expect((await reload(db, order.id)).status).toBe("pending");
    expect(await pebbleStock(db)).toBe(stock);
    expect((await latestAttempt(db, order.id))?.outcome).toBe("cancelled");
  });

  test("a forged token is refused and the order is not paid", async () => {
    const db = getDb().db;
    const order = await insertOrder(db, "finchoice");
    const { session } = await start(order);
    const id = String(order.id);
    const forged = await returnUrl("confirmed", id, session, "f".repeat(64), "application/json");
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ code: "invalid_token" });
    // A real token, but for the cancelled return, or signed with another secret.
    expect((await returnUrl("confirmed", id, session, returnToken(SECRET, id, session, "cancelled"))).status).toBe(403);
    expect((await returnUrl("confirmed", id, session, returnToken("guess", id, session, "confirmed"))).status).toBe(
      403,
    );
    const page = await returnUrl("confirmed", id, session, "");
    expect(await page.text()).toContain("This payment link is not valid");
    expect((await reload(db, order.id)).status).toBe("pending");
  });

  test("a valid token for another session than the order's is refused", async () => {
    const db = getDb().db;
    const order = await insertOrder(db, "finchoice");
    await start(order);
    const res = await returnUrl(
      "confirmed",
      String(order.id),
      "fc_other",
      returnToken(SECRET, String(order.id), "fc_other", "confirmed"),
      "application/json",
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "session_mismatch" });
  });

  test("never the redirect alone: a genuine return before approval leaves the order unpaid", async () => {
    const db = getDb().db;
    const order = await insertOrder(db, "finchoice");
    const { session } = await start(order);
    const url = withQuery(
      `${serverEnv().SITE_URL}/checkout/finchoice/confirmed?order=${order.id}`,
      returnQuery(SECRET, String(order.id), session, "confirmed"),
    );
    const res = await dispatch(url, { headers: { accept: "application/json" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      outcome: "on-hold",
      status: "on-hold",
      return_url: returnUrlsFor(order).orderPage,
    });
    expect((await reload(db, order.id)).paidAt).toBeNull();
  });

  test("the stand-in's API refuses unsigned or wrongly signed calls", async () => {
    const api = `${STANDINS}/finchoice/api/v1/sessions`;
    const res = await dispatch(api, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-merchant-id": "kaya-test",
        "x-timestamp": String(Math.floor(Date.now() / 1000)),
        "x-signature": "00",
      },
      body: "{}",
    });
    expect(res.status).toBe(401);
    expect((await dispatch(`${api}/fc_x`)).status).toBe(401);
  });

  test("an answer the shop cannot verify is a 502, never a payment", async () => {
    const db = getDb().db;
    const order = await insertOrder(db, "finchoice");
    setEnv({
      FINCHOICE_MERCHANT_ID: "kaya-test",
      FINCHOICE_SECRET: "not-the-stand-in-secret",
      FINCHOICE_BASE_URL: `${STANDINS}/finchoice`,
    });
    const quiet = jest.spyOn(console, "error").mockImplementation(() => {});
    try {
      await expect(startPayment(db, "finchoice", order)).rejects.toMatchObject({ status: 502 });
    } finally {
      setEnv({ FINCHOICE_MERCHANT_ID: undefined, FINCHOICE_SECRET: undefined, FINCHOICE_BASE_URL: undefined });
      quiet.mockRestore();
    }
  });
});
