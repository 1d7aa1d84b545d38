import { setupTestDb } from "@/test/support/db";
import { latestAttempt } from "@/lib/orders/payment-attempts";
import { serverEnv } from "@/lib/config/env";
import { standInsUrl } from "@/lib/payments/config";
import { paymentOrderFor, returnUrlsFor } from "@/lib/payments/orders";
import { payfastFields } from "@/lib/payments/payfast/provider";
import { itnSignature } from "@/lib/payments/payfast/signature";
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
  startPayment,
  testStandIns,
} from "@/test/support/payments";
import { buildItn, issueItn as issueWith } from "@/standins/payfast";
import type { Order } from "@/lib/db/schema";

/*
 * PayFast end to end on a real database: the shop's signed form goes to the stand-in, Pay sends
 * the stand-in's ITN to the shop's handler, which checks it and asks the stand-in to confirm it.
 */
const getDb = setupTestDb();
const log = routeFetchToApp();
const STANDINS = standInsUrl();
/** An ITN the stand-in signed and will vouch for, as if PayFast had sent it. */
const issueItn = (pairs: Array<[string, string]>) => issueWith(testStandIns().memory, pairs);
const NOTIFY = `${serverEnv().SITE_URL}/api/payments/payfast/notify`;

const checkout = (order: Order) => openPaymentForm(getDb().db, "payfast", order);

const notify = (body: string, ip = "127.0.0.1") =>
  dispatch(NOTIFY, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
    body,
  });

async function fieldsOf(order: Order) {
  return payfastFields((await paymentOrderFor(getDb().db, order.id))!, returnUrlsFor(order));
}

const quiet = () => jest.spyOn(console, "warn").mockImplementation(() => {});

describe("PayFast through its stand-in", () => {
  test("the gateway page is a clearly marked test with Pay and Cancel", async () => {
    const order = await insertOrder(getDb().db, "payfast");
    const { start, page, html } = await checkout(order);
    expect(start.action).toBe(`${STANDINS}/payfast/eng/process`);
    expect(page.status).toBe(200);
    expect(html).toContain("Test gateway — no real money moves");
    expect(html).toMatch(/<button[^>]*>Pay<\/button>/);
    expect(html).toMatch(/<button[^>]*>Cancel<\/button>/);
    expect(html).toContain("R\u00a04\u00a0998,00");
  });

  test("Pay: a verified ITN marks the order paid exactly once, and the shopper lands on the order page", async () => {
    const db = getDb().db;
    const order = await insertOrder(db, "payfast");
    const stock = await pebbleStock(db);
    const { html } = await checkout(order);
    log.length = 0; // the server-to-server calls only (a browser's posts are not logged)
    const done = await postForm(`${STANDINS}/payfast/eng/process/complete`, { ...hiddenInputs(html), action: "pay" });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(returnUrlsFor(order).orderPage);
    expect(log.map((c) => `${c.method} ${c.path} ${c.status}`)).toEqual([
      "POST /payfast/eng/query/validate 200",
      "POST /api/payments/payfast/notify 200",
    ]);
    const paid = await reload(db, order.id);
    expect(paid.status).toBe("processing");
    expect(paid.paidAt).not.toBeNull();
    const events = await eventsFor(db, order.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ provider: "payfast", status: "paid", amountCents: order.totalCents });
    expect(await pebbleStock(db)).toBe(stock);

    // PayFast retries until it gets a 200: the same ITN again is answered 200 and changes nothing.
    const itn = log.find((c) => c.path === "/api/payments/payfast/notify")!.body!;
    const replay = await notify(itn);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ received: true, applied: false });
    expect(await eventsFor(db, order.id)).toHaveLength(1);
    expect((await reload(db, order.id)).updatedAt).toEqual(paid.updatedAt);
  });

  test("Cancel: back to the order page, no ITN, the order still awaits payment", async () => {
    const db = getDb().db;
    const order = await insertOrder(db, "payfast");
    const { html } = await checkout(order);
    log.length = 0;
    const done = await postForm(`${STANDINS}/payfast/eng/process/complete`, {
      ...hiddenInputs(html),
      action: "cancel",
    });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(returnUrlsFor(order).orderPage);
    expect(log.some((c) => c.path.includes("notify"))).toBe(false);
    expect((await reload(db, order.id)).status).toBe("pending");
  });

  test("the stand-in refuses a form whose amount was changed in the browser", async () => {
    const order = await insertOrder(getDb().db, "payfast");
    const start = await startPayment(getDb().db, "payfast", order);
    if (start.kind !== "form") throw new Error("form expected");
    const tampered = start.fields.map(([k, v]) => [k, k === "amount" ? "1.00" : v] as [string, string]);
    const page = await postForm(start.action, tampered);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("Generated signature does not match submitted signature.");
  });

  test("a tampered signature is refused and the order is not paid", async () => {
    const db = getDb().db;
    const order = await insertOrder(db, "payfast");
    const itn = issueItn(buildItn(await fieldsOf(order), "COMPLETE"));
    const forged = itn.replace(/signature=[0-9a-f]+/, "signature=0123456789abcdef0123456789abcdef");
    const res = await notify(forged);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: 400, code: "invalid_signature" });
    // A field changed after signing breaks the signature just the same.
    const changed = await notify(itn.replace("payment_status=COMPLETE", "payment_status=FAILED"));
    expect(changed.status).toBe(400);
    expect((await reload(db, order.id)).status).toBe("pending");
    expect(await eventsFor(db, order.id)).toHaveLength(0);
  });

  test("a wrong amount is refused even when signed and confirmed by PayFast", async () => {
    const db = getDb().db;
    const order = await insertOrder(db, "payfast");
    const itn = issueItn(buildItn({ ...(await fieldsOf(order)), amount: "1.00" }, "COMPLETE"));
    const res = await notify(itn);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "amount_mismatch" });
    expect((await reload(db, order.id)).status).toBe("pending");
  });

  test("a one-cent difference is within PayFast's tolerance", async () => {
    const db = getDb().db;
    const order = await insertOrder(db, "payfast");
    const fields = await fieldsOf(order);
    const res = await notify(
      issueItn(buildItn({ ...fields, amount: (order.totalCents / 100 + 0.01).toFixed(2) }, "COMPLETE")),
    );
    expect(res.status).toBe(200);
    expect((await reload(db, order.id)).status).toBe("processing");
  });

  test("an ITN from an address outside the allowlist is refused", async () => {
    const db = getDb().db;
    const order = await insertOrder(db, "payfast");
    const q = quiet();
    const res = await notify(issueItn(buildItn(await fieldsOf(order), "COMPLETE")), "203.0.113.9");
    q.mockRestore();
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "invalid_source" });
    expect((await reload(db, order.id)).status).toBe("pending");
  });

  test("an ITN PayFast did not send (validate answers INVALID) is refused", async () => {
    const db = getDb().db;
    const order = await insertOrder(db, "payfast");
    // Signed correctly, by someone who knows the passphrase, but never issued by the gateway.
    const pairs = buildItn(await fieldsOf(order), "COMPLETE");
    const body = `${new URLSearchParams(pairs).toString()}&signature=${itnSignature(pairs, "kaya-standin-passphrase")}`;
    const res = await notify(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "not_confirmed" });
    expect((await reload(db, order.id)).status).toBe("pending");
  });

  test("an ITN for another merchant, another order key or an unknown order is refused", async () => {
    const db = getDb().db;
    const order = await insertOrder(db, "payfast");
    const fields = await fieldsOf(order);
    for (const [change, code] of [
      [{ custom_str1: "wc_order_wrong" }, "order_key_mismatch"],
      [{ m_payment_id: "999999" }, "unknown_order"],
    ] as const) {
      const res = await notify(issueItn(buildItn({ ...fields, ...change }, "COMPLETE")));
      expect(await res.json()).toMatchObject({ status: 400, code });
    }
    const other = buildItn(fields, "COMPLETE").map(
      ([k, v]) => [k, k === "merchant_id" ? "10000101" : v] as [string, string],
    );
    expect(await (await notify(issueItn(other))).json()).toMatchObject({ code: "merchant_mismatch" });
    expect((await notify("hello=world")).status).toBe(400);
    expect((await reload(db, order.id)).status).toBe("pending");
  });

  test("FAILED and CANCELLED end the attempt, the pending order keeping its stock for another; PENDING holds it", async () => {
    const db = getDb().db;
    const failed = await insertOrder(db, "payfast");
    const before = await pebbleStock(db);
    expect((await notify(issueItn(buildItn(await fieldsOf(failed), "FAILED")))).status).toBe(200);
    expect((await reload(db, failed.id)).status).toBe("pending");
    expect(await pebbleStock(db)).toBe(before);
    expect((await latestAttempt(db, failed.id))?.outcome).toBe("failed");

    const pending = await insertOrder(db, "payfast");
    expect((await notify(issueItn(buildItn(await fieldsOf(pending), "PENDING")))).status).toBe(200);
    expect((await reload(db, pending.id)).status).toBe("on-hold");
    // …and the COMPLETE that follows pays it.
    expect((await notify(issueItn(buildItn(await fieldsOf(pending), "COMPLETE")))).status).toBe(200);
    expect((await reload(db, pending.id)).status).toBe("processing");

    const cancelled = await insertOrder(db, "payfast");
    expect((await notify(issueItn(buildItn(await fieldsOf(cancelled), "CANCELLED")))).status).toBe(200);
    expect((await reload(db, cancelled.id)).status).toBe("pending");
    expect((await latestAttempt(db, cancelled.id))?.outcome).toBe("cancelled");
  });

  test("validate answers VALID only for strings the stand-in issued", async () => {
    const validate = (body: string) => dispatch(`${STANDINS}/payfast/eng/query/validate`, { method: "POST", body });
    expect(await (await validate("m_payment_id=1&pf_payment_id=2")).text()).toBe("INVALID");
    expect(await (await validate("")).text()).toBe("INVALID");
  });
});
