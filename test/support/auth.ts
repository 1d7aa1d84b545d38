/**
 * Helpers for the account tests: customers and sessions made through the same lib functions the
 * calls use, and orders written straight into the tables (the checkout that makes them comes later).
 */
import { randomBytes } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { orderLines, orders, type Address, type Customer, type OrderStatus } from "@/lib/db/schema";
import { CookieJar } from "@/test/support/api-client";
import { registerCustomer } from "@/lib/auth/accounts";
import { createSession } from "@/lib/auth/session";
import type { RegisterInput } from "@/lib/auth/schemas";
import { COOKIE } from "@/lib/http/cookie-names";
import { vatIncluded } from "@/lib/money/money";

export const GOOD_PASSWORD = "Stoep-Sunset-1981";
export const OTHER_PASSWORD = "Karoo-Kettle-Boils-7";

let counter = 0;
export function uniqueEmail(prefix = "customer"): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.co.za`;
}

/** A distinct client address per test, so rate limits of one test do not leak into another. */
export function ipHeaders(): Record<string, string> {
  return { "x-forwarded-for": `10.${(counter >> 8) & 255}.${counter & 255}.${Math.floor(Math.random() * 250) + 1}` };
}

export function registration(overrides: Partial<RegisterInput> = {}): RegisterInput {
  return {
    email: uniqueEmail(),
    password: GOOD_PASSWORD,
    first_name: "Thandi",
    last_name: "Mokoena",
    phone: "082 555 0101",
    city: "Cape Town",
    state: "Western Cape",
    postcode: "8001",
    country: "South Africa",
    ...overrides,
  };
}

export type TestCustomer = { customer: Customer; token: string; jar: CookieJar; email: string; password: string };

export async function makeCustomer(db: Db, overrides: Partial<RegisterInput> = {}): Promise<TestCustomer> {
  const input = registration(overrides);
  const customer = await registerCustomer(db, input, `192.0.2.${(counter % 250) + 1}`);
  const { token } = await createSession(db, customer.id, "jest");
  const jar = new CookieJar();
  jar.set(COOKIE.session, token);
  return { customer, token, jar, email: input.email, password: input.password };
}

const address = (firstName: string): Address => ({
  firstName,
  lastName: "Mokoena",
  streetAddress1: "12 Bree Street",
  city: "Cape Town",
  province: "Western Cape",
  postcode: "8001",
  country: "South Africa",
  email: "thandi@example.co.za",
  phone: "0825550101",
});

export async function makeOrder(
  db: Db,
  customerId: number | null,
  opts: {
    status?: OrderStatus;
    lines?: Array<{ name: string; quantity: number; unitCents: number }>;
    createdAt?: Date;
  } = {},
) {
  const lines = opts.lines ?? [{ name: "Eden 2 Seater", quantity: 1, unitCents: 999_900 }];
  const subtotal = lines.reduce((s, l) => s + l.quantity * l.unitCents, 0);
  counter += 1;
  const [order] = await db
    .insert(orders)
    .values({
      number: `KL-${100_000 + counter}-${randomBytes(2).toString("hex")}`,
      orderKey: `wc_order_${randomBytes(12).toString("hex")}`,
      customerId,
      email: "thandi@example.co.za",
      phone: "0825550101",
      status: opts.status ?? "processing",
      paymentMethod: "payfast",
      subtotalCents: subtotal,
      totalCents: subtotal,
      vatCents: vatIncluded(subtotal),
      shipping: address("Thandi"),
      billing: address("Thandi"),
      idempotencyKey: randomBytes(12).toString("hex"),
      paymentSecret: randomBytes(12).toString("hex"),
      createdAt: opts.createdAt ?? new Date(),
    })
    .returning();
  await db.insert(orderLines).values(
    lines.map((l) => ({
      orderId: order!.id,
      name: l.name,
      slug: l.name.toLowerCase().replace(/\s+/g, "-"),
      sku: "EDEN-2-CHAR",
      variation: { Fabric: "Charcoal" },
      quantity: l.quantity,
      unitPriceCents: l.unitCents,
      unitRegularCents: l.unitCents,
      totalCents: l.quantity * l.unitCents,
    })),
  );
  return order!;
}
