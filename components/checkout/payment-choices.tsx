"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useState } from "react";
import type { PaymentStart } from "@/lib/payments/types";
import { ApiCallError, asApiCallError, callApi } from "@/lib/http/api-client";
import { handOffTo } from "@/components/checkout/hand-off";
import { showCart } from "@/components/cart/use-cart";
import type { ServerCart } from "@/lib/cart/types";

export type MethodChoice = { method: string; label: string };

type Answer = { order_url: string; next: PaymentStart };

function newKey(): string {
  return crypto.randomUUID().replace(/-/g, "");
}

/**
 * Try again (same order, the same or another method) and Back to cart, for an unpaid order
 * whose payment was cancelled, failed or never confirmed. The idempotency key lives as long as
 * the panel, so a double click or a retried request starts one attempt, not two.
 */
export function PaymentChoices({
  orderId,
  orderKey,
  current,
  methods,
  legend: legendText = "Pay with",
  note,
}: {
  orderId: number;
  orderKey: string | null;
  current: string;
  methods: MethodChoice[];
  /** The choices' heading; "Pay with" unless the order is already waiting for another way. */
  legend?: string;
  /** What trying again changes, when it is more than a new attempt. */
  note?: string;
}) {
  const router = useRouter();
  const [method, setMethod] = useState(current);
  const [busy, setBusy] = useState<"retry" | "cart" | null>(null);
  const [error, setError] = useState("");
  const [key, setKey] = useState<string | null>(null);
  const legend = useId();

  const retry = async () => {
    setBusy("retry");
    setError("");
    const idempotencyKey = key ?? newKey();
    setKey(idempotencyKey);
    try {
      const body = await callApi<Answer>("POST", "/api/checkout/retry", {
        order: orderId,
        key: orderKey ?? undefined,
        paymentMethod: method,
        idempotencyKey,
      });
      handOffTo(body.next, body.order_url, () => {
        // Nothing to pay online (a bank transfer): this page now shows the bank details.
        router.refresh();
        setBusy(null);
      });
    } catch (err) {
      const e = asApiCallError(err);
      setError(e.message);
      // A refused attempt is over: the next press is a new one.
      if (e instanceof ApiCallError && e.status !== 0) setKey(null);
      if (e.status === 409) router.refresh();
      setBusy(null);
    }
  };

  const backToCart = async () => {
    setBusy("cart");
    setError("");
    try {
      const cart = await callApi<ServerCart>("POST", "/api/checkout/back-to-cart", {
        order: orderId,
        key: orderKey ?? undefined,
      });
      await showCart(cart);
      router.push("/cart");
    } catch (err) {
      setError(asApiCallError(err).message);
      setBusy(null);
    }
  };

  return (
    <div className="mt-5 rounded-md border border-ink/10 bg-white p-4" data-testid="payment-choices">
      <fieldset>
        <legend id={legend} className="font-sans text-base font-semibold tracking-normal">
          {legendText}
        </legend>
        <div className="mt-2 grid gap-1 sm:grid-cols-2">
          {methods.map((m) => (
            <label
              key={m.method}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-oat-50"
            >
              <input
                type="radio"
                name={`${legend}-method`}
                value={m.method}
                checked={method === m.method}
                onChange={() => setMethod(m.method)}
                className="size-5 accent-olive-700"
              />
              <span>{m.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {error ? (
        <p role="alert" className="mt-3 text-sm font-medium text-danger" data-testid="payment-choices-error">
          {error}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className="btn-primary" onClick={retry} disabled={busy !== null}>
          {busy === "retry" ? "Starting payment…" : "Try again"}
        </button>
        <button type="button" className="btn-secondary" onClick={backToCart} disabled={busy !== null}>
          {busy === "cart" ? "Putting your items back…" : "Back to cart"}
        </button>
      </div>
      {note ? <p className="mt-3 text-xs text-stone-600">{note}</p> : null}
      <p className="mt-3 text-xs text-stone-600">
        Back to cart cancels this order and puts its items back in your cart, so you can change it and check out again.
      </p>
    </div>
  );
}

/**
 * While the provider has not answered: the page looks again every few seconds. After
 * `patienceMs` it stops promising "a few seconds", says what to do, and offers the choices;
 * it keeps looking (less often) in case the answer still comes.
 */
export function AwaitingProvider({
  provider,
  holdUntil,
  patienceMs = 45_000,
  children,
}: {
  provider: string;
  holdUntil: string;
  patienceMs?: number;
  children: React.ReactNode;
}) {
  const router = useRouter();
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), patienceMs);
    return () => clearTimeout(timer);
  }, [patienceMs]);
  useEffect(() => {
    const every = late ? 15_000 : 3_000;
    const timer = setInterval(() => router.refresh(), every);
    return () => clearInterval(timer);
  }, [router, late]);
  if (!late) {
    return (
      <p className="mt-2 max-w-2xl text-stone-700" data-testid="awaiting-provider">
        This usually takes a few seconds. This page updates by itself.
      </p>
    );
  }
  return (
    <div data-testid="awaiting-provider-late">
      <p className="mt-2 max-w-2xl text-stone-700" role="status">
        {provider} has not told us about your payment yet. If you completed it, there is nothing more to do: we e-mail
        you as soon as it reaches us. If you did not finish paying, try again or choose another method below. Your order
        holds your items until {holdUntil}; after that it is cancelled and nothing is charged.
      </p>
      {children}
    </div>
  );
}
