import "server-only";
import { and, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { paymentEvents, type Order } from "@/lib/db/schema";
import type { PaymentMethod } from "@/lib/payments/methods";
import type { PaymentStart } from "@/lib/payments/types";

/**
 * An order may be paid for more than once in turn: each hand-off to a gateway is an attempt,
 * written as a payment event with the status "started" (so the back office lists it beside the
 * providers' messages). The provider's own reference for the attempt (PayJustNow's token,
 * FinChoice's session) is kept in its payload, so a late message about an older attempt is
 * still recognised after the shopper has started another one, even with another method.
 */
export const ATTEMPT_STARTED = "started";

export type AttemptPayload = {
  attempt: string;
  /** The provider's reference for this attempt, once the gateway gave one. */
  reference?: string;
  /** A redirect hand-off, kept so a repeated "Try again" answers with the same page. */
  next?: PaymentStart;
  via: "checkout" | "retry";
};

/** Writes an attempt's start; false when this attempt was already written (a repeated call). */
export async function recordAttemptStart(
  db: Db,
  order: Pick<Order, "id" | "totalCents">,
  method: PaymentMethod,
  payload: AttemptPayload,
): Promise<boolean> {
  const inserted = await db
    .insert(paymentEvents)
    .values({
      orderId: order.id,
      provider: method,
      providerReference: payload.attempt,
      status: ATTEMPT_STARTED,
      amountCents: order.totalCents,
      payload,
    })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

/** The started attempts of an order with a provider, narrowed by `more`. */
function startedAttempts(orderId: number, provider: PaymentMethod, ...more: SQL[]) {
  return and(
    eq(paymentEvents.orderId, orderId),
    eq(paymentEvents.provider, provider),
    eq(paymentEvents.status, ATTEMPT_STARTED),
    ...more,
  );
}

async function anyStartedAttempt(db: Db, orderId: number, provider: PaymentMethod, ...more: SQL[]): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(startedAttempts(orderId, provider, ...more))
    .limit(1);
  return Boolean(row);
}

/** Adds what the gateway answered to an attempt's event. */
export async function completeAttemptStart(
  db: Db,
  orderId: number,
  method: PaymentMethod,
  payload: AttemptPayload,
): Promise<void> {
  await db
    .update(paymentEvents)
    .set({ payload })
    .where(startedAttempts(orderId, method, eq(paymentEvents.providerReference, payload.attempt)));
}

export async function findAttempt(
  db: Db,
  orderId: number,
  method: PaymentMethod,
  attempt: string,
): Promise<AttemptPayload | null> {
  const [row] = await db
    .select({ payload: paymentEvents.payload })
    .from(paymentEvents)
    .where(startedAttempts(orderId, method, eq(paymentEvents.providerReference, attempt)))
    .limit(1);
  return (row?.payload as AttemptPayload | undefined) ?? null;
}

/**
 * Whether a provider's message may concern this order: it is the order's method now, or the
 * shopper started an attempt with that provider before switching to another method.
 */
export async function attemptedWith(db: Db, order: Pick<Order, "id" | "paymentMethod">, provider: PaymentMethod) {
  if (order.paymentMethod === provider) return true;
  return anyStartedAttempt(db, order.id, provider);
}

/** Whether the provider gave this reference to one of the order's attempts (the latest, or an older one). */
export async function knownAttemptReference(
  db: Db,
  order: Pick<Order, "id" | "paymentReference">,
  provider: PaymentMethod,
  reference: string,
): Promise<boolean> {
  if (!reference) return false;
  if (order.paymentReference === reference) return true;
  return anyStartedAttempt(db, order.id, provider, sql`${paymentEvents.payload}->>'reference' = ${reference}`);
}

export type AttemptOutcome = "waiting" | "paid" | "cancelled" | "failed" | "on-hold";

export type AttemptState = {
  outcome: AttemptOutcome;
  provider: PaymentMethod;
  /** When the latest attempt started, or when the provider last said something. */
  at: Date;
};

/**
 * What the provider last said about the order's payment: the newest event wins, so a cancelled
 * attempt followed by a new one reads as waiting again. Null when nothing was ever sent to a
 * gateway (a bank transfer).
 */
export async function latestAttempt(db: Db, orderId: number): Promise<AttemptState | null> {
  const [row] = await db
    .select({ provider: paymentEvents.provider, status: paymentEvents.status, at: paymentEvents.createdAt })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.orderId, orderId), ne(paymentEvents.provider, "bank-transfer")))
    .orderBy(desc(paymentEvents.createdAt), desc(paymentEvents.id))
    .limit(1);
  if (!row) return null;
  const outcome: AttemptOutcome =
    row.status === "paid" || row.status === "cancelled" || row.status === "failed" || row.status === "on-hold"
      ? row.status
      : "waiting";
  return { outcome, provider: row.provider, at: row.at };
}

/**
 * When the order's latest payment attempt started, or null if none did: a pending order holds
 * its stock for an hour from then or from its placing, whichever is later (lib/orders/expire.ts).
 */
export async function latestAttemptStart(db: Db, orderId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: paymentEvents.createdAt })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.orderId, orderId), eq(paymentEvents.status, ATTEMPT_STARTED)))
    .orderBy(desc(paymentEvents.createdAt))
    .limit(1);
  return row?.at ?? null;
}
