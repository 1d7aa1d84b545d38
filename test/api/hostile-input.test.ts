/**
 * Hostile input at the edge, through the real route handlers on a real database: prototype
 * keys, text no field may hold (NUL, lone surrogates), bodies too large or of the wrong type.
 */
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { setupTestDb } from "@/test/support/db";
import { call, CookieJar, type CallResult } from "@/test/support/api-client";
import { makeCustomer, registration, GOOD_PASSWORD } from "@/test/support/auth";
import { testAddress } from "@/test/support/orders";
import { customers, orders, products } from "@/lib/db/schema";
import type { ServerCart } from "@/lib/cart/types";
import { COOKIE } from "@/lib/http/cookie-names";
import { campaigns, campaignStatus } from "@/lib/giveaways/campaigns";
import { BODY_LIMIT_BYTES, NOTIFICATION_BODY_LIMIT_BYTES } from "@/lib/api/body";
import { config as proxyConfig } from "@/proxy";
import { setEnv } from "@/lib/config/set-env";
import * as stamped from "@/app/api/stamped/route";
import * as cart from "@/app/api/cart/route";
import * as cartGuest from "@/app/api/cart-guest/route";
import * as cartUpdate from "@/app/api/cart-update/route";
import * as cartUpdateGuest from "@/app/api/cart-update-guest/route";
import * as couponApply from "@/app/api/coupon-apply/route";
import * as couponApplyGuest from "@/app/api/coupon-apply-guest/route";
import * as couponDeleteGuest from "@/app/api/coupon-delete-guest/route";
import * as checkout from "@/app/api/checkout/route";
import * as login from "@/app/api/login/route";
import * as register from "@/app/api/register/route";
import * as lostEmail from "@/app/api/customer-lost-password-email/route";
import * as lostSet from "@/app/api/customer-lost-password-set/route";
import * as reviewCreate from "@/app/api/review-create/route";
import * as contact from "@/app/api/contact/route";
import * as newsletter from "@/app/api/newsletter/route";
import * as unsubscribe from "@/app/api/newsletter-unsubscribe/route";
import * as giveaway from "@/app/api/giveaway-enter/route";
import * as payfastNotify from "@/app/api/payments/payfast/notify/route";
import * as ozowNotify from "@/app/api/payments/ozow/notify/route";

const getDb = setupTestDb();
// A giveaway that is open whatever day the suite runs.
const DAY = 86_400_000;
let restoreCampaign = () => {};
beforeAll(() => {
  restoreCampaign = setEnv({
    GIVEAWAY_EDEN_OPENS_AT: new Date(Date.now() - DAY).toISOString(),
    GIVEAWAY_EDEN_CLOSES_AT: new Date(Date.now() + 60 * DAY).toISOString(),
  });
});
afterAll(() => restoreCampaign());
type ErrorBody = { status: number; code: string; message: string; data: { status: number; field?: string } };
type Handler = (request: NextRequest, context: never) => Promise<Response>;

let ipCounter = 0;
const freshIp = () => ({ "x-forwarded-for": `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}` });

function expectContractError(res: CallResult<unknown>, status: number, code?: string) {
  const body = res.body as ErrorBody;
  expect([res.status, body.status, body.data?.status]).toEqual([status, status, status]);
  expect(typeof body.message).toBe("string");
  if (code) expect(body.code).toBe(code);
}

async function productId(slug: string): Promise<number> {
  const [p] = await getDb().db.select({ id: products.id }).from(products).where(eq(products.slug, slug));
  return p!.id;
}

async function guestCart() {
  const res = await call<ServerCart>(cartGuest.POST, "/api/cart-guest", {
    json: { productId: await productId("pebble-ottoman") },
  });
  expect(res.status).toBe(201);
  return { key: res.body.cart_key!, item: res.body.items[0]!.item_key };
}

const prototypeNames = Object.getOwnPropertyNames(Object.prototype);
afterEach(() => {
  for (const name of Object.getOwnPropertyNames(Object.prototype)) {
    if (!prototypeNames.includes(name)) delete (Object.prototype as Record<string, unknown>)[name];
  }
});

describe("prototype keys", () => {
  test("?__proto__[token]= is refused and cannot put a victim's cart calls on the attacker's token", async () => {
    const db = getDb().db;
    const attacker = await makeCustomer(db);
    const victim = await makeCustomer(db);
    const attack = await call(stamped.GET, "/api/stamped", { query: { "__proto__[token]": attacker.token } });
    expectContractError(attack, 400, "invalid_params");
    expect((attack.body as ErrorBody).data.field).toBe("__proto__[token]");
    expect(({} as Record<string, unknown>).token).toBeUndefined();

    const added = await call<ServerCart>(cart.POST, "/api/cart", {
      json: { productId: await productId("pebble-ottoman") },
      jar: victim.jar,
    });
    expect(added.status).toBe(200);
    const victimsCart = await call<ServerCart>(cart.GET, "/api/cart", { jar: victim.jar });
    const attackersCart = await call<ServerCart>(cart.GET, "/api/cart", { query: { token: attacker.token } });
    expect(victimsCart.body.item_count).toBe(1);
    expect(attackersCart.body.item_count).toBe(0);
  });

  test("a form body's __proto__[x] is refused and writes nothing through Object.prototype", async () => {
    const res = await call(register.POST, "/api/register", {
      form: { "__proto__[x]": "y", ...registration() },
      headers: freshIp(),
    });
    expectContractError(res, 400, "invalid_params");
    const query = await call(stamped.GET, "/api/stamped", { query: { "__proto__[x]": "y" } });
    expectContractError(query, 400, "invalid_params");
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  test("constructor and prototype deep in a checkout's JSON are refused before anything is written", async () => {
    const db = getDb().db;
    const { key } = await guestCart();
    const before = (await db.select().from(orders)).length;
    const raw = JSON.stringify({
      cartKey: key,
      email: "thandi@example.co.za",
      phone: "082 123 4567",
      shipping: {
        ...testAddress,
        constructor: { prototype: { isAdmin: true } },
      },
      paymentMethod: "bank-transfer",
      idempotencyKey: "hostile-key-0001-abcdef",
    });
    const res = await call(checkout.POST, "/api/checkout", { raw, headers: { "content-type": "application/json" } });
    expectContractError(res, 400, "invalid_params");
    expect((res.body as ErrorBody).data.field).toBe("shipping.constructor");
    expect((await db.select().from(orders)).length).toBe(before);
  });
});

describe("JSON only as JSON", () => {
  test("JSON sent as text/plain (what a cross-site form can send) is a 415, and adds nothing", async () => {
    const res = await call(cartGuest.POST, "/api/cart-guest", {
      raw: JSON.stringify({ productId: await productId("pebble-ottoman") }),
      headers: { "content-type": "text/plain;charset=UTF-8" },
    });
    expectContractError(res, 415, "unsupported_media_type");
  });

  test("the cart's variation still arrives as a map in bracket form and as a JSON string", async () => {
    const [eden] = await getDb().db.select().from(products).where(eq(products.slug, "eden-2-seater"));
    const { variations } = await import("@/lib/db/schema");
    const [v] = await getDb().db.select().from(variations).where(eq(variations.productId, eden!.id));
    const bracket = await call<ServerCart>(cartGuest.POST, "/api/cart-guest", {
      form: { productId: String(eden!.id), "variation[Fabric]": v!.attributes.Fabric! },
    });
    expect(bracket.status).toBe(201);
    const asJson = await call<ServerCart>(cartGuest.POST, "/api/cart-guest", {
      form: { productId: String(eden!.id), variation: JSON.stringify(v!.attributes) },
    });
    expect(asJson.status).toBe(201);
    expect(asJson.body.items[0]!.variation).toEqual(v!.attributes);
  });
});

describe("text no field may hold", () => {
  const NUL = "\u0000";
  const LONE = "\ud800";
  type Case = [string, () => Promise<CallResult<unknown>>, string];

  async function cases(): Promise<Case[]> {
    const db = getDb().db;
    const { key, item } = await guestCart();
    const shopper = await makeCustomer(db);
    const mine = await call<ServerCart>(cart.POST, "/api/cart", {
      json: { productId: await productId("pebble-ottoman") },
      jar: shopper.jar,
    });
    const myItem = mine.body.items[0]!.item_key;
    const review = {
      name: "Nomsa Dlamini",
      email: "nomsa@example.co.za",
      title: "Lovely",
      message: "Comfortable, well made and delivered on time.",
      rating: 5,
      productId: await productId("pebble-ottoman"),
    };
    const order = (over: Record<string, unknown>) => ({
      cartKey: key,
      email: "thandi@example.co.za",
      phone: "082 123 4567",
      shipping: testAddress,
      paymentMethod: "bank-transfer",
      idempotencyKey: `nul-key-${Date.now()}-abcdefgh`,
      ...over,
    });
    const open = campaigns().find((c) => campaignStatus(c) === "open")!;
    const entry = {
      campaign: open.slug,
      name: "Anathi Mthembu",
      email: "anathi@example.co.za",
      phone: "+27 82 555 0199",
      province: "KwaZulu-Natal",
      adult: true,
    };
    return [
      [
        "cart-guest GET cartKey",
        () => call(cartGuest.GET, "/api/cart-guest", { query: { cartKey: `${key}${NUL}` } }),
        "cartKey",
      ],
      [
        "cart-guest DELETE itemKey",
        () =>
          call(cartGuest.DELETE, "/api/cart-guest", {
            method: "DELETE",
            query: { cartKey: key, itemKey: `${item}${NUL}` },
          }),
        "itemKey",
      ],
      [
        "cart-update-guest itemKey",
        () =>
          call(cartUpdateGuest.POST, "/api/cart-update-guest", {
            json: { cartKey: key, itemKey: `${NUL}${item}`, productQuantity: 2 },
          }),
        "itemKey",
      ],
      [
        "cart-update itemKey",
        () =>
          call(cartUpdate.POST, "/api/cart-update", {
            json: { itemKey: `${myItem}${NUL}`, productQuantity: 2 },
            jar: shopper.jar,
          }),
        "itemKey",
      ],
      [
        "coupon-apply-guest promoCode",
        () =>
          call(couponApplyGuest.POST, "/api/coupon-apply-guest", {
            json: { cartKey: key, promoCode: `WELCOME10${NUL}` },
          }),
        "promoCode",
      ],
      [
        "coupon-apply promoCode",
        () => call(couponApply.POST, "/api/coupon-apply", { form: { promoCode: `WEL${NUL}COME10` }, jar: shopper.jar }),
        "promoCode",
      ],
      [
        "coupon-delete-guest promoCode",
        () =>
          call(couponDeleteGuest.DELETE, "/api/coupon-delete-guest", {
            method: "DELETE",
            query: { cartKey: key, promoCode: `X${NUL}` },
          }),
        "promoCode",
      ],
      [
        "login email",
        () =>
          call(login.POST, "/api/login", {
            json: { email: `thandi${NUL}@example.co.za`, password: GOOD_PASSWORD },
            headers: freshIp(),
          }),
        "email",
      ],
      [
        "lost-password e-mail",
        () =>
          call(lostEmail.POST, "/api/customer-lost-password-email", {
            json: { email: `a${NUL}@example.co.za` },
            headers: freshIp(),
          }),
        "email",
      ],
      [
        "lost-password set",
        () =>
          call(lostSet.POST, "/api/customer-lost-password-set", {
            json: { email: `a${NUL}@example.co.za`, code: "123456", password: GOOD_PASSWORD },
            headers: freshIp(),
          }),
        "email",
      ],
      [
        "register first_name",
        () =>
          call(register.POST, "/api/register", {
            json: registration({ first_name: `Tha${NUL}ndi` }),
            headers: freshIp(),
          }),
        "first_name",
      ],
      [
        "register city (lone surrogate)",
        () => call(register.POST, "/api/register", { json: registration({ city: `Cape${LONE}` }), headers: freshIp() }),
        "city",
      ],
      [
        "checkout shipping.FirstName",
        () =>
          call(checkout.POST, "/api/checkout", {
            json: order({ shipping: { ...testAddress, FirstName: `Th${NUL}` } }),
          }),
        "shipping.FirstName",
      ],
      [
        "checkout shipping.City (lone surrogate)",
        () =>
          call(checkout.POST, "/api/checkout", { json: order({ shipping: { ...testAddress, City: `${LONE}Town` } }) }),
        "shipping.City",
      ],
      [
        "review-create name",
        () =>
          call(reviewCreate.POST, "/api/review-create", {
            json: { ...review, name: `Nomsa${NUL}` },
            headers: freshIp(),
          }),
        "name",
      ],
      [
        "review-create message",
        () =>
          call(reviewCreate.POST, "/api/review-create", {
            json: { ...review, message: `${review.message}${NUL}` },
            headers: freshIp(),
          }),
        "message",
      ],
      [
        "contact message",
        () =>
          call(contact.POST, "/api/contact", {
            json: { name: "Sibongile Khumalo", email: "s@example.co.za", message: `Hello there, about my order${NUL}` },
            headers: freshIp(),
          }),
        "message",
      ],
      [
        "newsletter email",
        () =>
          call(newsletter.POST, "/api/newsletter", {
            json: { email: `n${NUL}@example.co.za`, consent: true, source: "footer" },
            headers: freshIp(),
          }),
        "email",
      ],
      [
        "newsletter-unsubscribe token",
        () =>
          call(unsubscribe.POST, "/api/newsletter-unsubscribe", {
            form: { token: `abc${NUL}def` },
            headers: freshIp(),
          }),
        "token",
      ],
      [
        "giveaway name",
        () =>
          call(giveaway.POST, "/api/giveaway-enter", { json: { ...entry, name: `Anathi${LONE}` }, headers: freshIp() }),
        "name",
      ],
    ];
  }

  test("every call answers a 400 naming the field, never a 500", async () => {
    const list = await cases();
    const results: Array<[string, number, string | undefined]> = [];
    for (const [name, send] of list) {
      const res = await send();
      results.push([name, res.status, (res.body as ErrorBody).data?.field]);
      if (res.status === 400) expectContractError(res, 400);
    }
    expect(results).toEqual(list.map(([name, , field]) => [name, 400, field]));
  });

  test("nothing is written by a refused registration", async () => {
    const input = registration({ last_name: `Mokoena${NUL}` });
    await call(register.POST, "/api/register", { json: input, headers: freshIp() });
    expect(await getDb().db.select().from(customers).where(eq(customers.email, input.email))).toEqual([]);
  });

  test.each([
    ["the cart cookie", cartGuest.GET, "/api/cart-guest", COOKIE.cartKey],
    ["the session cookie", cart.GET, "/api/cart", COOKIE.session],
  ])("%s holding %%00 is a 400 naming it, and the answer drops it", async (_, handler, path, name) => {
    const jar = new CookieJar();
    jar.set(name, "abc%00def");
    const res = await call(handler as Handler, path, { jar });
    expectContractError(res, 400, "invalid_params");
    expect((res.body as ErrorBody).data.field).toBe(name);
    expect(jar.get(name)).toBeUndefined();
  });
});

describe("body size", () => {
  /** A body that counts what is read from it. */
  function countingBody(totalBytes: number, chunk = "a=".padEnd(16 * 1024, "b")) {
    let pulled = 0;
    const bytes = new TextEncoder().encode(chunk);
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (pulled >= totalBytes) return controller.close();
          pulled += bytes.byteLength;
          controller.enqueue(bytes);
        },
      },
      { highWaterMark: 0 },
    );
    return { stream, pulled: () => pulled };
  }

  function send(
    handler: Handler,
    path: string,
    body: ReadableStream<Uint8Array>,
    headers: Record<string, string> = {},
  ) {
    const request = new NextRequest(new URL(path, "http://shop.test"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body,
      duplex: "half",
    } as ConstructorParameters<typeof NextRequest>[1]);
    return handler(request, { params: Promise.resolve({}) } as never);
  }

  test.each([
    ["PayFast's notification", payfastNotify.POST, "/api/payments/payfast/notify"],
    ["Ozow's notification", ozowNotify.POST, "/api/payments/ozow/notify"],
    ["registration", register.POST, "/api/register"],
  ])("%s: a declared 200 MB body is a 413 before a byte is read", async (_, handler, path) => {
    const body = countingBody(4 * 1024 * 1024);
    const res = await send(handler as Handler, path, body.stream, {
      "content-length": String(200 * 1024 * 1024),
      ...freshIp(),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ status: 413, code: "payload_too_large", data: { status: 413 } });
    expect(body.pulled()).toBe(0);
  });

  test.each([
    ["PayFast's notification", payfastNotify.POST, "/api/payments/payfast/notify"],
    ["Ozow's notification", ozowNotify.POST, "/api/payments/ozow/notify"],
    ["registration", register.POST, "/api/register"],
  ])("%s: a body of unknown length is abandoned once it passes the limit", async (_, handler, path) => {
    const body = countingBody(16 * 1024 * 1024);
    const res = await send(handler as Handler, path, body.stream, freshIp());
    expect(res.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(128 * 1024);
  });

  test("12 MB of form keys to registration is refused quickly", async () => {
    const keys = Array.from({ length: 2000 }, (_, i) => `k${i}=`).join("&");
    const body = countingBody(12 * 1024 * 1024, `${keys}&`);
    const started = Date.now();
    const res = await send(register.POST, "/api/register", body.stream, freshIp());
    expect(res.status).toBe(413);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  test("a call declaring a body too large for any call skips the proxy, where Next would receive all of it first", () => {
    const matches = (url: string, headers: Record<string, string>) =>
      unstable_doesMiddlewareMatch({ config: proxyConfig, url, headers });
    expect(Math.max(BODY_LIMIT_BYTES, NOTIFICATION_BODY_LIMIT_BYTES)).toBeLessThan(100_000);
    expect(matches("/api/register", { "content-length": String(200 * 1024 * 1024) })).toBe(false);
    expect(matches("/api/register", { "content-length": "100000" })).toBe(false);
    // The gate still sees every call a handler could serve.
    expect(matches("/api/register", { "content-length": "99999" })).toBe(true);
    expect(matches("/api/register", { "content-length": "0000000000042" })).toBe(true);
    expect(matches("/api/register", { "transfer-encoding": "chunked" })).toBe(true);
    expect(matches("/api/cart", {})).toBe(true);
    expect(matches("/login", { "content-length": String(200 * 1024 * 1024) })).toBe(true);
  });

  test("thousands of small parameters are refused even inside the size limit", async () => {
    const form = Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`k${i}`, ""]));
    const res = await call(register.POST, "/api/register", {
      form: { ...form, ...registration() },
      headers: freshIp(),
    });
    expectContractError(res, 413, "too_many_parameters");
  });
});
