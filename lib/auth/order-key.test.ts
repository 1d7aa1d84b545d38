import { NextRequest } from "next/server";
import { setupTestDb } from "@/test/support/db";
import { orderGuard } from "@/lib/auth/guards";
import { insertOrder } from "@/test/support/payments";
import { COOKIE } from "@/lib/http/cookie-names";

/*
 * A guest's order link carries its key once: the guard keeps it in a cookie scoped to that
 * order's page, so the page can drop it from the address (no secret reaches analytics,
 * the pixel, error reports or a Referer).
 */
const testDb = setupTestDb();

const request = (path: string, cookie?: string) =>
  new NextRequest(new URL(path, "http://shop.test"), { headers: cookie ? { cookie } : {} });
const passed = (res: Response) => res.headers.get("x-middleware-next") === "1";

describe("the order key cookie", () => {
  test("the link's key lets the page through and is kept for that order's page only", async () => {
    const order = await insertOrder(testDb().db, "bank-transfer");
    const res = await orderGuard(
      request(`/checkout/order/${order.id}?key=${order.orderKey}&utm_source=mail`),
      String(order.id),
      { loginWithoutKey: false },
    );
    expect(passed(res)).toBe(true);
    expect(res.cookies.get(COOKIE.orderKey)).toMatchObject({
      value: order.orderKey,
      httpOnly: true,
      sameSite: "lax",
      path: `/checkout/order/${order.id}`,
    });
  });

  test("afterwards the address without the key opens with the cookie, and sets nothing new", async () => {
    const order = await insertOrder(testDb().db, "bank-transfer");
    const res = await orderGuard(
      request(`/checkout/order/${order.id}`, `${COOKIE.orderKey}=${order.orderKey}`),
      String(order.id),
      { loginWithoutKey: false },
    );
    expect(passed(res)).toBe(true);
    expect(res.cookies.get(COOKIE.orderKey)).toBeUndefined();
  });

  test("a wrong key, in the link or the cookie, is a 404 and keeps nothing", async () => {
    const db = testDb().db;
    const order = await insertOrder(db, "bank-transfer");
    const other = await insertOrder(db, "bank-transfer");
    for (const res of [
      await orderGuard(request(`/checkout/order/${order.id}?key=${other.orderKey}`), String(order.id), {
        loginWithoutKey: false,
      }),
      await orderGuard(
        request(`/checkout/order/${order.id}`, `${COOKIE.orderKey}=${other.orderKey}`),
        String(order.id),
        { loginWithoutKey: false },
      ),
      await orderGuard(request(`/checkout/order/${order.id}`), String(order.id), { loginWithoutKey: false }),
    ]) {
      expect(passed(res)).toBe(false);
      expect(res.headers.get("x-middleware-rewrite") ?? "").toContain("/_not-found");
      expect(res.cookies.get(COOKIE.orderKey)).toBeUndefined();
    }
  });
});
