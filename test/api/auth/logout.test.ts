import { setupTestDb } from "@/test/support/db";
import { call, CookieJar } from "@/test/support/api-client";
import { readSession } from "@/lib/auth/session";
import { makeCustomer } from "@/test/support/auth";
import { POST } from "@/app/api/logout/route";
import { POST as refresh } from "@/app/api/refresh-token/route";
import { COOKIE } from "@/lib/http/cookie-names";

const testDb = setupTestDb({ seed: false });

describe("POST /api/logout", () => {
  test("revokes this session and clears the cookie; the token stops working everywhere", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const res = await call(POST, "/api/logout", { method: "POST", jar: c.jar });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(c.jar.get(COOKIE.session)).toBeUndefined();
    expect(await readSession(db, c.token)).toBeNull();
    expect((await call(refresh, "/api/refresh-token", { json: { token: c.token } })).status).toBe(401);
  });

  test("the token parameter works too, and other sessions of the customer live on", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const other = await (await import("@/lib/auth/session")).createSession(db, c.customer.id, "other browser");
    expect((await call(POST, "/api/logout", { json: { token: c.token } })).status).toBe(200);
    expect(await readSession(db, c.token)).toBeNull();
    expect(await readSession(db, other.token)).not.toBeNull();
  });

  test("signed out already, or a garbage token: still a 200 that clears the cookie", async () => {
    const jar = new CookieJar();
    jar.set(COOKIE.session, "garbage");
    const res = await call(POST, "/api/logout", { method: "POST", jar });
    expect(res.status).toBe(200);
    expect(jar.get(COOKIE.session)).toBeUndefined();
    expect((await call(POST, "/api/logout", { method: "POST" })).status).toBe(200);
  });
});
