/**
 * For the payment tests: a real order in the test database, and `fetch` routed in-process to the
 * shop's own route handlers (its notification handlers and returns) and to the gateways'
 * stand-ins (standins/), so a whole redirect-and-notify round trip runs without a server and
 * without mocking our own code.
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { serverEnv } from "@/lib/config/env";
import type { Db } from "@/lib/db/client";
import {
  orderLines,
  orders,
  paymentEvents,
  products,
  type Address,
  type Order,
  type OrderStatus,
} from "@/lib/db/schema";
import type { PaymentMethod } from "@/lib/payments/methods";
import { standInsUrl } from "@/lib/payments/config";
import { paymentOrderFor, returnUrlsFor } from "@/lib/payments/orders";
import { providerFor } from "@/lib/payments/registry";
import type { StartResult } from "@/lib/payments/types";
import { createStandIns, type StandIns } from "@/standins/app";
import { vatIncluded } from "@/lib/money/money";

type RouteModule = Record<string, unknown>;
type Route = { pattern: RegExp; names: string[]; load: () => Promise<RouteModule> };

function route(path: string, load: () => Promise<RouteModule>): Route {
  const names: string[] = [];
  const source = path.replace(/\[(\w+)\]/g, (_, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  return { pattern: new RegExp(`^${source}/?$`), names, load };
}

/** Every shop route the payment flows touch, the app's handlers as Next would serve them. */
export const PAYMENT_ROUTES: Route[] = [
  route("/api/payments/payfast/notify", () => import("@/app/api/payments/payfast/notify/route")),
  route("/api/payments/payfast/cancel", () => import("@/app/api/payments/payfast/cancel/route")),
  route("/api/payments/ozow/notify", () => import("@/app/api/payments/ozow/notify/route")),
  route("/api/payments/ozow/return", () => import("@/app/api/payments/ozow/return/route")),
  route("/checkout/payjustnow/confirmed/[slug]", () => import("@/app/checkout/payjustnow/confirmed/[slug]/route")),
  route("/checkout/payjustnow/cancelled/[slug]", () => import("@/app/checkout/payjustnow/cancelled/[slug]/route")),
  route("/checkout/finchoice/confirmed", () => import("@/app/checkout/finchoice/confirmed/route")),
  route("/checkout/finchoice/cancelled", () => import("@/app/checkout/finchoice/cancelled/route")),
];

export type Sent = { method: string; path: string; status: number; body?: string };

let standIns: StandIns | null = null;

/** The stand-ins, in this process, at the address the shop's configuration gives them. */
export function testStandIns(): StandIns {
  if (!standIns || standIns.baseUrl !== standInsUrl())
    standIns = createStandIns({ baseUrl: standInsUrl(), shopUrl: serverEnv().SITE_URL });
  return standIns;
}

/**
 * Sends one request to the stand-ins, or to the app's handler for its path, as the server would
 * receive it. Requests without an X-Forwarded-For come from loopback, as the stand-ins' own
 * calls do.
 */
export async function dispatch(input: string | URL | Request, init: RequestInit = {}, log?: Sent[]): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const method = (init.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
  const headers = new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined));
  if (!headers.has("x-forwarded-for")) headers.set("x-forwarded-for", "127.0.0.1");
  const body = init.body === undefined || init.body === null ? undefined : String(init.body);
  if (url.href.startsWith(`${standInsUrl()}/`)) {
    const response = await testStandIns().handle(new Request(url, { method, headers, body }));
    log?.push({ method, path: url.pathname, status: response.status, body });
    return response;
  }
  for (const r of PAYMENT_ROUTES) {
    const m = r.pattern.exec(url.pathname);
    if (!m) continue;
    const mod = await r.load();
    const handler = mod[method] as ((req: NextRequest, ctx: unknown) => Promise<Response>) | undefined;
    if (!handler) return new Response("Method Not Allowed", { status: 405 });
    const params = Object.fromEntries(r.names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)]));
    const response = await handler(new NextRequest(url, { method, headers, body }), {
      params: Promise.resolve(params),
    });
    log?.push({ method, path: url.pathname, status: response.status, body });
    return response;
  }
  throw new Error(`test fetch: no route for ${method} ${url.pathname}`);
}

/** Routes global fetch to the app's handlers for the whole test file; returns the call log. */
export function routeFetchToApp(): Sent[] {
  const log: Sent[] = [];
  const original = global.fetch;
  beforeAll(() => {
    global.fetch = ((input: string | URL | Request, init?: RequestInit) => dispatch(input, init, log)) as typeof fetch;
  });
  afterAll(() => {
    global.fetch = original;
  });
  return log;
}

/** A browser's form post. */
export const postForm = (
  url: string,
  fields: Array<[string, string]> | Record<string, string>,
  headers: Record<string, string> = {},
) =>
  dispatch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html", ...headers },
    body: new URLSearchParams(fields).toString(),
  });

/** Hidden inputs of the form on a stand-in page. */
export function hiddenInputs(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    out[m[1]!] = m[2]!.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)));
  return out;
}

const address: Address = {
  firstName: "Thandi",
  lastName: "O'Neill-Mokoena",
  streetAddress1: "12 Bree Street",
  streetAddress2: "Unit 4 (back)",
  city: "Cape Town",
  province: "Western Cape",
  postcode: "8001",
  country: "South Africa",
  email: "thandi@example.co.za",
  phone: "082 555 0101",
};

export const PEBBLE = "pebble-ottoman";
export const PEBBLE_PRICE = 249_900;

/**
 * A pending order for two Pebble ottomans (R4 998,00), its stock taken as the checkout would.
 * `quantity` and `status` vary it.
 */
export async function insertOrder(
  db: Db,
  method: PaymentMethod,
  opts: { quantity?: number; status?: OrderStatus; paymentReference?: string } = {},
): Promise<Order> {
  const quantity = opts.quantity ?? 2;
  const [product] = await db.select().from(products).where(eq(products.slug, PEBBLE));
  const total = quantity * product!.regularPriceCents;
  await db
    .update(products)
    .set({ stock: sql`${products.stock} - ${quantity}` })
    .where(eq(products.id, product!.id));
  const [order] = await db
    .insert(orders)
    .values({
      number: `KL-${randomBytes(3).toString("hex").toUpperCase()}`,
      orderKey: `wc_order_${randomBytes(12).toString("hex")}`,
      email: "thandi@example.co.za",
      phone: "+27825550101",
      status: opts.status ?? "pending",
      paymentMethod: method,
      subtotalCents: total,
      totalCents: total,
      vatCents: vatIncluded(total),
      shipping: address,
      billing: address,
      idempotencyKey: randomBytes(12).toString("hex"),
      paymentSecret: randomBytes(24).toString("base64url"),
      paymentReference: opts.paymentReference ?? null,
    })
    .returning();
  await db.insert(orderLines).values({
    orderId: order!.id,
    productId: product!.id,
    name: product!.name,
    slug: product!.slug,
    sku: "PEBBLE-OAT",
    quantity,
    unitPriceCents: product!.regularPriceCents,
    unitRegularCents: product!.regularPriceCents,
    totalCents: total,
  });
  return order!;
}

export async function reload(db: Db, id: number): Promise<Order> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  return order!;
}

export async function eventsFor(db: Db, id: number) {
  return db.select().from(paymentEvents).where(eq(paymentEvents.orderId, id));
}

export async function pebbleStock(db: Db): Promise<number> {
  const [p] = await db.select({ stock: products.stock }).from(products).where(eq(products.slug, PEBBLE));
  return p!.stock;
}

export async function setReference(db: Db, id: number, reference: string): Promise<void> {
  await db.update(orders).set({ paymentReference: reference }).where(eq(orders.id, id));
}

/** Hands an order to a provider, as the checkout does. */
export async function startPayment(db: Db, method: PaymentMethod, order: Order): Promise<StartResult> {
  return providerFor(method).start((await paymentOrderFor(db, order.id))!, returnUrlsFor(order));
}

/** A form hand-off (PayFast, Ozow), posted to the stand-in's page as the browser would. */
export async function openPaymentForm(db: Db, method: PaymentMethod, order: Order) {
  const start = await startPayment(db, method, order);
  if (start.kind !== "form") throw new Error(`${method} starts with a form`);
  const page = await postForm(start.action, start.fields);
  return { start, page, html: await page.text() };
}

/** A redirect hand-off (PayJustNow, FinChoice), its reference stored on the order as the checkout does. */
export async function startRedirect(db: Db, method: PaymentMethod, order: Order) {
  const start = await startPayment(db, method, order);
  if (start.kind !== "redirect" || !start.reference)
    throw new Error(`${method} starts with a redirect and a reference`);
  await setReference(db, order.id, start.reference);
  return { url: start.url, reference: start.reference };
}
