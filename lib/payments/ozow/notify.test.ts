import { setupTestDb } from "@/test/support/db";
import { latestAttempt } from "@/lib/orders/payment-attempts";
import { serverEnv } from "@/lib/config/env";
import { ozowConfig, standInsUrl } from "@/lib/payments/config";
import { ozowResponseHash } from "@/lib/payments/ozow/hash";
import {
  dispatch,
  eventsFor,
  hiddenInputs,
  insertOrder,
  openPaymentForm,
  pebbleStock,
  postForm,
  reload,
  routeFetchToApp,
} from "@/test/support/payments";
import type { Order } from "@/lib/db/schema";
import { setEnv } from "@/lib/config/set-env";

/*
 * Ozow end to end on a real database: the HashCheck form goes to the stand-in, Pay posts the
 * hashed notification to the shop, which checks it and confirms it with GetTransaction.
 */
const getDb = setupTestDb();
const log = routeFetchToApp();
const STANDINS = standInsUrl();
const NOTIFY = `${serverEnv().SITE_URL}/api/payments/ozow/notify`;

const checkout = (order: Order) => openPaymentForm(getDb().db, "ozow", order);

async function pay(order: Order, action: "pay" | "cancel") {
  const { html } = await checkout(order);
  log.length = 0;
  return postForm(`${STANDINS}/ozow/complete`, { ...hiddenInputs(html), action });
}

const notify = (fields: Record<string, string>) =>
  dispatch(NOTIFY, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

/** A notification as Ozow would sign it, for a transaction the stand-in may or may not know. */
function signedNotification(order: Order, change: Record<string, string> = {}) {
  const fields: Record<string, string> = {
    SiteCode: ozowConfig().siteCode,
    TransactionId: "00000000-0000-4000-8000-000000000001",
    TransactionReference: String(order.id),
    Amount: (order.totalCents / 100).toFixed(2),
    Status: "Complete",
    Optional1: order.number,
    Optional2: "",
    Optional3: "",
    Optional4: "",
    Optional5: "",
    CurrencyCode: "ZAR",
    IsTest: "false",
    StatusMessage: "",
    ...change,
  };
  return { ...fields, Hash: ozowResponseHash(fields, ozowConfig().privateKey) };
}

describe("Ozow through its stand-in", () => {
  test("the pay page checks HashCheck and is a clearly marked test", async () => {
    const order = await insertOrder(getDb().db, "ozow");
    const { start, page, html } = await checkout(order);
    if (start.kind !== "form") throw new Error();
    expect(start.action).toBe(`${STANDINS}/ozow`);
    expect(start.fields.map(([k]) => k).slice(-2)).toEqual(["HashCheck", "CustomerCellphoneNumber"]);
    expect(page.status).toBe(200);
    expect(html).toContain("Test gateway — no real money moves");

    const tampered = await postForm(
      start.action,
      start.fields.map(([k, v]) => [k, k === "Amount" ? "1.00" : v] as [string, string]),
    );
    expect(tampered.status).toBe(400);
    expect(await tampered.text()).toContain("HashCheck does not match");
  });

  test("Pay: the notification, confirmed by GetTransaction, pays the order once; the shopper is sent to the order page", async () => {
    const db = getDb().db;
    const order = await insertOrder(db, "ozow");
    const done = await pay(order, "pay");
    expect(log.map((c) => `${c.method} ${c.path} ${c.status}`)).toEqual([
      "GET /ozow/api/GetTransaction 200",
      "POST /api/payments/ozow/notify 200",
    ]);
    expect(done.status).toBe(303);
    const success = new URL(done.headers.get("location")!);
    expect(success.pathname).toBe("/api/payments/ozow/return");
    expect(success.searchParams.get("Status")).toBe("Complete");

    // The return only redirects, by GET or by POST.
    const back = await dispatch(success.toString());
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(`/checkout/order/${order.id}?key=${order.orderKey}`);
    const posted = await postForm(
      `${serverEnv().SITE_URL}/api/payments/ozow/return?order=${order.id}&key=${order.orderKey}`,
      Object.fromEntries(success.searchParams),
    );
    expect(posted.headers.get("location")).toBe(`/checkout/order/${order.id}?key=${order.orderKey}`);

    expect((await reload(db, order.id)).status).toBe("processing");
    const events = await eventsFor(db, order.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ provider: "ozow", status: "paid", amountCents: order.totalCents });

    // A duplicate notification (Ozow warns they happen) is answered 200 and changes nothing.
    const replay = await dispatch(NOTIFY, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: log.find((c) => c.path.endsWith("/notify"))!.body!,
    });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ applied: false });
    expect(await eventsFor(db, order.id)).toHaveLength(1);
  });

  test("Cancel: the Cancelled notification ends the attempt; the pending order keeps its stock for another", async () => {
    const db = getDb().db;
    const order = await insertOrder(db, "ozow");
    const stock = await pebbleStock(db);
    const done = await pay(order, "cancel");
    expect(done.status).toBe(303);
    expect(new URL(done.headers.get("location")!).searchParams.get("Status")).toBe("Cancelled");
    expect((await reload(db, order.id)).status).toBe("pending");
    expect(await pebbleStock(db)).toBe(stock);
    expect((await latestAttempt(db, order.id))?.outcome).toBe("cancelled");
  });

  test("a tampered hash is refused and the order is not paid", async () => {
    const db = getDb().db;
    const order = await insertOrder(db, "ozow");
    const good = signedNotification(order);
    const res = await notify({ ...good, Hash: good.Hash.replace(/^./, (c) => (c === "a" ? "b" : "a")) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "invalid_signature" });
    expect((await notify({ ...good, Status: "Complete", StatusMessage: "changed" })).status).toBe(400);
    expect((await reload(db, order.id)).status).toBe("pending");
  });

  test("a wrong amount is refused even with a valid hash", async () => {
    const db = getDb().db;
    const order = await insertOrder(db, "ozow");
    const res = await notify(signedNotification(order, { Amount: "1.00" }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "amount_mismatch" });
    expect((await reload(db, order.id)).status).toBe("pending");
  });

  test("a Complete that GetTransaction does not know is not paid", async () => {
    const db = getDb().db;
    const order = await insertOrder(db, "ozow");
    const res = await notify(signedNotification(order));
    expect(res.status).toBe(502);
    expect((await reload(db, order.id)).status).toBe("pending");
    expect(await eventsFor(db, order.id)).toHaveLength(0);
  });

  test("a test-mode Complete and other statuses hold the order; Error fails the attempt", async () => {
    const db = getDb().db;
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    const pending = await insertOrder(db, "ozow");
    expect(
      (await notify(signedNotification(pending, { Status: "PendingInvestigation", TransactionId: "t-1" }))).status,
    ).toBe(200);
    expect((await reload(db, pending.id)).status).toBe("on-hold");
    const errored = await insertOrder(db, "ozow");
    expect((await notify(signedNotification(errored, { Status: "Error", TransactionId: "t-2" }))).status).toBe(200);
    expect((await reload(db, errored.id)).status).toBe("pending");
    expect((await latestAttempt(db, errored.id))?.outcome).toBe("failed");
    const restore = setEnv({ OZOW_IS_TEST: "true" });
    const testMode = await insertOrder(db, "ozow");
    try {
      expect((await pay(testMode, "pay")).status).toBe(303);
    } finally {
      restore();
    }
    expect((await reload(db, testMode.id)).status).toBe("on-hold");
    warn.mockRestore();
  });

  test("GetTransaction needs the ApiKey", async () => {
    const res = await dispatch(
      `${STANDINS}/ozow/api/GetTransaction?siteCode=KAY-KAY-001&transactionId=x&isTest=false`,
      { headers: { ApiKey: "wrong" } },
    );
    expect(res.status).toBe(401);
  });

  test("a notification for another site or an order of another method is refused", async () => {
    const db = getDb().db;
    const order = await insertOrder(db, "ozow");
    expect(await (await notify(signedNotification(order, { SiteCode: "OTHER-SITE" }))).json()).toMatchObject({
      code: "merchant_mismatch",
    });
    const payfastOrder = await insertOrder(db, "payfast");
    expect(await (await notify(signedNotification(payfastOrder))).json()).toMatchObject({ code: "unknown_order" });
    expect((await notify({ Status: "Complete" })).status).toBe(400);
  });
});
