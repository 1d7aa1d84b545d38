import { setupTestDb } from "@/test/support/db";
import { latestAttempt } from "@/lib/orders/payment-attempts";
import { serverEnv } from "@/lib/config/env";
import { standInsUrl } from "@/lib/payments/config";
import { ApiError } from "@/lib/api/errors";
import { paymentOrderFor, returnUrlsFor } from "@/lib/payments/orders";
import { basicAuth, payJustNowCheckoutBody } from "@/lib/payments/payjustnow/provider";
import { providerFor } from "@/lib/payments/registry";
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
 * PayJustNow end to end on a real database: the shop creates the checkout on the stand-in's API,
 * the shopper pays on its page, and the stand-in's server calls the shop's callback.
 */
const getDb = setupTestDb();
const log = routeFetchToApp();
const STANDINS = standInsUrl();

/** Starts a PayJustNow payment and stores the token on the order, as the checkout does. */
async function start(order: Order) {
  const { url, reference } = await startRedirect(getDb().db, "payjustnow", order);
  return { url, token: reference };
}

const callback = (
  result: "confirmed" | "cancelled",
  slug: string,
  query: Record<string, string>,
  accept = "application/json",
) => {
  const url = new URL(`${serverEnv().SITE_URL}/checkout/payjustnow/${result}/${encodeURIComponent(slug)}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return dispatch(url.toString(), { headers: { accept } });
};

describe("PayJustNow through its stand-in", () => {
  test("the checkout body follows the API: cents, E.164, the province's full name", async () => {
    const db = getDb().db;
    const order = await insertOrder(db, "payjustnow");
    const body = payJustNowCheckoutBody(
      { ...(await paymentOrderFor(db, order.id))!, phone: "082 555 0101" },
      returnUrlsFor(order),
    );
    expect(body.customer.mobile_number).toBe("+27825550101");
    expect(body.customer.address).toMatchObject({
      province: "Western Cape",
      postal_code: "8001",
      address_line_2: "Unit 4 (back)",
    });
    expect(body.order).toMatchObject({ amount: order.totalCents, merchant_reference: String(order.id) });
    expect(body.order.items).toEqual([
      { merchant_reference: "PEBBLE-OAT", quantity: 2, description: "Pebble Ottoman", unit_price: 249_900 },
    ]);
    expect(body.order.success_callback_url).toBe(
      `${serverEnv().SITE_URL}/checkout/payjustnow/confirmed/${order.paymentSecret}`,
    );
    expect(body.order.fail_callback_url).toBe(
      `${serverEnv().SITE_URL}/checkout/payjustnow/cancelled/${order.paymentSecret}`,
    );
  });

  test("Pay: the callback pays the order once and the shopper follows return_url to the order page", async () => {
    const db = getDb().db;
    const order = await insertOrder(db, "payjustnow");
    const { url, token } = await start(order);
    expect(url).toBe(`${STANDINS}/payjustnow/pay?token=${token}`);
    const page = await dispatch(url);
    const html = await page.text();
    expect(html).toContain("Test gateway — no real money moves");
    expect(html).toMatch(/<button[^>]*>Pay<\/button>/);

    log.length = 0;
    const done = await postForm(`${STANDINS}/payjustnow/pay`, { ...hiddenInputs(html), action: "pay" });
    expect(log.map((c) => `${c.method} ${c.path} ${c.status}`)).toEqual([
      `GET /checkout/payjustnow/confirmed/${order.paymentSecret} 200`,
    ]);
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(returnUrlsFor(order).orderPage);
    expect((await reload(db, order.id)).status).toBe("processing");
    expect(await eventsFor(db, order.id)).toHaveLength(1);

    // The provider again: the same JSON, nothing new. A person with the link: the order page.
    const again = await callback("confirmed", order.paymentSecret, { token, status: "SUCCESS" });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ token, return_url: returnUrlsFor(order).orderPage });
    const person = await callback(
      "confirmed",
      order.paymentSecret,
      { token, status: "SUCCESS" },
      "text/html,application/xhtml+xml",
    );
    expect(person.status).toBe(303);
    expect(person.headers.get("location")).toBe(`/checkout/order/${order.id}?key=${order.orderKey}`);
    expect(await eventsFor(db, order.id)).toHaveLength(1);
  });

  test("Cancel: the fail callback ends the attempt as failed; the pending order keeps its stock for another", async () => {
    const db = getDb().db;
    const order = await insertOrder(db, "payjustnow");
    const stock = await pebbleStock(db);
    const { url } = await start(order);
    const html = await (await dispatch(url)).text();
    const done = await postForm(`${STANDINS}/payjustnow/pay`, { ...hiddenInputs(html), action: "cancel" });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(returnUrlsFor(order).orderPage);
    expect((await reload(db, order.id)).status).toBe("pending");
    expect(await pebbleStock(db)).toBe(stock);
    expect((await latestAttempt(db, order.id))?.outcome).toBe("failed");
  });

  test("a wrong slug or a wrong token is refused and the order is not paid", async () => {
    const db = getDb().db;
    const order = await insertOrder(db, "payjustnow");
    const { token } = await start(order);
    const wrongSlug = await callback("confirmed", "not-the-secret", { token, status: "SUCCESS" });
    expect(wrongSlug.status).toBe(404);
    expect(await wrongSlug.json()).toMatchObject({ code: "unknown_order" });
    const wrongToken = await callback("confirmed", order.paymentSecret, { token: "0".repeat(40), status: "SUCCESS" });
    expect(wrongToken.status).toBe(403);
    expect(await wrongToken.json()).toMatchObject({ code: "token_mismatch" });
    expect((await callback("confirmed", order.paymentSecret, { status: "SUCCESS" })).status).toBe(403);
    expect((await callback("confirmed", order.paymentSecret, { token, status: "FAILED" })).status).toBe(400);
    const person = await callback("confirmed", "not-the-secret", { token }, "text/html");
    expect(person.status).toBe(404);
    expect(await person.text()).toContain("This payment link is not valid");
    // Another method's order with the same secret is not a PayJustNow order.
    const other = await insertOrder(db, "payfast", { paymentReference: token });
    expect((await callback("confirmed", other.paymentSecret, { token })).status).toBe(404);
    expect((await reload(db, order.id)).status).toBe("pending");
    expect(await eventsFor(db, order.id)).toHaveLength(0);
  });

  test("the stand-in's API wants HTTP Basic and the documented body", async () => {
    const db = getDb().db;
    const order = await insertOrder(db, "payjustnow");
    const body = payJustNowCheckoutBody((await paymentOrderFor(db, order.id))!, returnUrlsFor(order));
    const api = `${STANDINS}/payjustnow/api/v1/merchant/checkout`;
    const post = (auth: string, json: unknown) =>
      dispatch(api, {
        method: "POST",
        headers: { authorization: auth, "content-type": "application/json" },
        body: JSON.stringify(json),
      });
    expect((await post(basicAuth({ merchantId: "1", apiKey: "wrong" }), body)).status).toBe(401);
    const bad = await post(basicAuth({ merchantId: "1", apiKey: "secret" }), {
      ...body,
      customer: {
        ...body.customer,
        mobile_number: "0825550101",
        address: { ...body.customer.address, province: "WC" },
      },
      order: { ...body.order, amount: 4998.0 + 0.5 },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys((await bad.json()).errors).sort()).toEqual([
      "customer.address.province",
      "customer.mobile_number",
      "order.amount",
    ]);
    expect((await post(basicAuth({ merchantId: "1", apiKey: "secret" }), body)).status).toBe(200);
  });

  test("a checkout the provider refuses is a 502 for the shop", async () => {
    const db = getDb().db;
    const order = await insertOrder(db, "payjustnow");
    // Credentials come whole: the stand-in's merchant with a wrong key, at the stand-in's address.
    setEnv({ PAYJUSTNOW_MERCHANT_ID: "1", PAYJUSTNOW_API_KEY: "wrong", PAYJUSTNOW_BASE_URL: `${STANDINS}/payjustnow` });
    const quiet = jest.spyOn(console, "error").mockImplementation(() => {});
    try {
      await expect(startPayment(db, "payjustnow", order)).rejects.toMatchObject({ status: 502 });
    } finally {
      setEnv({ PAYJUSTNOW_MERCHANT_ID: undefined, PAYJUSTNOW_API_KEY: undefined, PAYJUSTNOW_BASE_URL: undefined });
      quiet.mockRestore();
    }
    const noMobile = (await paymentOrderFor(db, order.id))!;
    await expect(
      providerFor("payjustnow").start(
        { ...noMobile, phone: "12", billing: { ...noMobile.billing, phone: "" } },
        returnUrlsFor(order),
      ),
    ).rejects.toBeInstanceOf(ApiError);
  });
});
