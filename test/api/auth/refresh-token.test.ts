import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { setupTestDb } from "@/test/support/db";
import { sessions } from "@/lib/db/schema";
import { call, CookieJar } from "@/test/support/api-client";
import { readSession, revokeSession } from "@/lib/auth/session";
import { makeCustomer } from "@/test/support/auth";
import { POST } from "@/app/api/refresh-token/route";
import { COOKIE } from "@/lib/http/cookie-names";

const testDb = setupTestDb({ seed: false });

type Body = Record<string, unknown> & { token?: string; customer?: { user_id: number }; data?: { status: number } };

describe("POST /api/refresh-token", () => {
  test("a live token (parameter) gets a fresh token and another 30 days", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const [before] = await db.select().from(sessions).where(eq(sessions.customerId, c.customer.id));
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(sessions.id, before!.id));

    const res = await call<Body>(POST, "/api/refresh-token", { json: { token: c.token } });
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
    expect(res.body.token).not.toBe(c.token);
    expect(res.body.customer!.user_id).toBe(c.customer.id);
    const [after] = await db.select().from(sessions).where(eq(sessions.id, before!.id));
    expect(after!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect((await readSession(db, res.body.token))?.session.id).toBe(before!.id);
  });

  test("a cookie-only call gets the customer and a renewed httpOnly cookie, never the token in the body", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const res = await call<Body>(POST, "/api/refresh-token", { method: "POST", jar: c.jar });
    expect(res.status).toBe(200);
    expect(res.body.customer!.user_id).toBe(c.customer.id);
    // A script running in the page could read the body; only the httpOnly cookie carries the seal.
    expect(res.body).not.toHaveProperty("token");
    const text = JSON.stringify(res.body);
    const renewed = c.jar.get(COOKIE.session)!;
    expect(renewed).not.toBe(c.token);
    expect(text).not.toContain(renewed);
    expect(text).not.toContain(c.token);
    expect(text).not.toMatch(/Fe26\./);
    const cookie = res.response.headers.getSetCookie().find((x) => x.startsWith(`${COOKIE.session}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect((await readSession(db, renewed))?.customer.id).toBe(c.customer.id);
  });

  test("the same call from a form body or a query without a token parameter gets no token either", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const form = await call<Body>(POST, "/api/refresh-token", { form: { other: "x" }, jar: c.jar });
    expect(form.status).toBe(200);
    expect(form.body).not.toHaveProperty("token");
    const blank = await call<Body>(POST, "/api/refresh-token", { json: { token: "  " }, jar: c.jar });
    expect(blank.status).toBe(200);
    expect(blank.body).not.toHaveProperty("token");
  });

  test("a caller that sends the token as a parameter (an API client) gets the fresh one back, with the cookie", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const jar = new CookieJar();
    const res = await call<Body>(POST, "/api/refresh-token", { query: { token: c.token }, method: "POST", jar });
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
    expect(jar.get(COOKIE.session)).toBe(res.body.token);
  });

  test.each([
    ["no token at all", {}],
    ["a garbage token", { token: "garbage" }],
    [
      "a token sealed with another secret",
      {
        token:
          "Fe26.2**0cdd607945dd1dffb7da0b0bf5f1a7daa6218cbae14cac51dcbd91fb077aeb5b*aHR0cHM6Ly9leGFtcGxlLmNvbQ*aGVsbG8*1*abc*def~2",
      },
    ],
  ])("%s is a 401 with data.status 401 and a message", async (_label, json) => {
    const res = await call<Body>(POST, "/api/refresh-token", { json });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      status: 401,
      code: "invalid_token",
      data: { status: 401 },
      message: expect.stringMatching(/log in again/),
    });
  });

  test("a revoked session's token is a 401, and a dead cookie is cleared", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const signedIn = await readSession(db, c.token);
    await revokeSession(db, signedIn!.session.id);
    const res = await call<Body>(POST, "/api/refresh-token", { method: "POST", jar: c.jar });
    expect(res.status).toBe(401);
    expect(res.body.data!.status).toBe(401);
    expect(c.jar.get(COOKIE.session)).toBeUndefined();
  });

  test("an expired session's token is a 401", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.customerId, c.customer.id));
    const res = await call<Body>(POST, "/api/refresh-token", { json: { token: c.token } });
    expect(res.status).toBe(401);
  });

  test("a token that is not text is a 400", async () => {
    const res = await call<Body>(POST, "/api/refresh-token", { json: { token: 42 } });
    expect(res.status).toBe(400);
  });

  test("a body that is not JSON is a 400, not a 500", async () => {
    const request = new NextRequest("http://shop.test/api/refresh-token", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{token:",
    });
    const res = await POST(request, undefined);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "invalid_json", data: { status: 400 } });
  });
});
