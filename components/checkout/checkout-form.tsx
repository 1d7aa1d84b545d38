"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import {
  AddressFields,
  emptyAddress,
  Field,
  inputClass,
  type AddressValue,
} from "@/components/checkout/address-fields";
import { ErrorSummary, type SummaryError } from "@/components/checkout/error-summary";
import { OrderSummary } from "@/components/checkout/order-summary";
import type { DeliveryTable } from "@/lib/delivery/format";
import { PromoCodeForm } from "@/components/cart/promo-code-form";
import { revalidateCart, showEmptyCart, useCart } from "@/components/cart/use-cart";
import { formatMoney } from "@/lib/money/money";
import {
  INSTALMENT_MAX_MONTHS,
  INSTALMENT_MONTH_OPTIONS,
  INTEREST_FREE_PAYMENTS,
  instalmentEstimate,
  interestFreeInstalment,
} from "@/lib/money/instalments";
import { checkoutFieldError } from "@/lib/orders/checkout-fields";
import { useCustomerStore } from "@/stores/customer";
import type { PaymentStart } from "@/lib/payments/types";
import { LEAVING, useFormSubmit } from "@/components/forms/use-form-submit";
import { ApiCallError, callApi } from "@/lib/http/api-client";
import { handOffTo } from "@/components/checkout/hand-off";
import { limitRefusalOf, OrderLimitNotice, type LimitRefusal } from "@/components/checkout/order-limit-notice";
import { DELIVERY_TIME } from "@/lib/delivery/config";

export type MethodOption = { method: string; label: string; description: string };

type CheckoutAnswer = { order: { id: number; number: string; status: string }; order_url: string; next: PaymentStart };

function newIdempotencyKey(): string {
  return crypto.randomUUID().replace(/-/g, "");
}

/** The element a server's field name stands for: "shipping.Postcode" is #shipping-Postcode. */
function targetIdOf(field: string, methods: MethodOption[]): string | undefined {
  if (field === "email" || field === "phone") return field;
  if (/^(shipping|billing)\.[A-Za-z0-9]+$/.test(field)) return field.replace(".", "-");
  if (field === "paymentMethod" && methods[0]) return `payment-${methods[0].method}`;
  return undefined;
}

/** `delivery`: the delivery windows of the days ahead (from the server), for the summary's estimate. */
export function CheckoutForm({ methods, delivery }: { methods: MethodOption[]; delivery?: DeliveryTable }) {
  const router = useRouter();
  const { cart, loaded } = useCart();
  const { items } = cart;
  const totalCents = Number(cart.totals.total);
  const customer = useCustomerStore((s) => s.customer);
  const [email, setEmail] = useState("");
  const [phone, setPhone] = useState("");
  const [shipping, setShipping] = useState<AddressValue>(emptyAddress);
  const [sameBilling, setSameBilling] = useState(true);
  const [billing, setBilling] = useState<AddressValue>(emptyAddress);
  const [method, setMethod] = useState(methods[0]?.method ?? "payfast");
  const [months, setMonths] = useState(INSTALMENT_MAX_MONTHS);
  const [consent, setConsent] = useState(false);
  const {
    pending: busy,
    fields: refused,
    submit: onSubmit,
  } = useFormSubmit({
    // Refused fields are listed in the form's error summary, an order over a limit beside Pay;
    // anything else is a notification.
    notice: (e) =>
      Object.keys(e.fields).length > 0 || limitRefusalOf(e)
        ? null
        : { title: "We could not place your order", message: e.message, type: "error" },
  });
  const [limit, setLimit] = useState<LimitRefusal | null>(null);
  // What the shopper has done to the refused fields since: null once a field passes the same rule
  // the server runs, a newer message when it was left still wrong. The next answer starts afresh.
  const [rechecked, setRechecked] = useState<Record<string, string | null>>({});
  const recheck = (field: string, value: string, left: boolean) => {
    if (!(field in refused)) return;
    const message = checkoutFieldError(field, value);
    if (message === null || left) setRechecked((r) => ({ ...r, [field]: message }));
  };
  // Made at the first submit and kept, so a retry after a lost answer cannot make a second order.
  const [idempotencyKey, setIdempotencyKey] = useState<string | null>(null);

  // A signed-in customer's details (customer.shipping) fill the form once;
  // adjusted while rendering, React's pattern for state that follows a changed input.
  const [prefilledFor, setPrefilledFor] = useState<number | null>(null);
  if (customer && prefilledFor !== customer.user_id) {
    setPrefilledFor(customer.user_id);
    const s = customer.shipping;
    if (!email) setEmail(s.email ?? "");
    if (!phone) setPhone(s.phone ?? "");
    if (!shipping.FirstName) {
      setShipping({
        ...shipping,
        FirstName: s.first_name ?? "",
        LastName: s.last_name ?? "",
        City: s.city ?? "",
        Postcode: s.postcode ?? "",
        Province: s.state || shipping.Province,
      });
    }
  }

  // Every state holds a screen's height in the same outer box, and the placeholder is an element of
  // its own: the footer stays below the fold and nothing in view moves when the cart arrives.
  if (!loaded)
    return (
      <div className="min-h-dvh">
        <div key="loading" className="h-dvh animate-pulse rounded-card bg-oat-100" aria-label="Loading checkout" />
      </div>
    );
  if (items.length === 0) {
    return (
      <div className="min-h-dvh">
        <div className="mx-auto max-w-lg py-16 text-center" data-testid="checkout-empty">
          <h1 className="text-3xl">Your cart is empty</h1>
          <p className="mt-3 text-stone-600">Add something to your cart before checking out.</p>
          <Link href="/product-category/couches" className="btn-primary mt-6">
            Shop couches
          </Link>
        </div>
      </div>
    );
  }

  const submit = onSubmit(async () => {
    setRechecked({});
    setLimit(null);
    const key = idempotencyKey ?? newIdempotencyKey();
    setIdempotencyKey(key);
    let body: CheckoutAnswer;
    try {
      body = await callApi<CheckoutAnswer>("POST", "/api/checkout", {
        email,
        phone,
        shipping,
        billingSameAsShipping: sameBilling,
        billing: sameBilling ? undefined : billing,
        paymentMethod: method,
        marketingConsent: consent,
        idempotencyKey: key,
        expectedTotal: totalCents,
      });
    } catch (err) {
      // The cart changed under the shopper (a price, stock), or a gateway refused the hand-off
      // and the server put the order's lines back: show the cart as it now is.
      if (err instanceof ApiCallError && (err.status === 409 || err.code === "payment_unavailable"))
        await revalidateCart();
      if (err instanceof ApiCallError) setLimit(limitRefusalOf(err));
      throw err;
    }
    // The order took the cart: the server has emptied it, nothing to ask.
    void showEmptyCart({ confirm: false });
    handOffTo(body.next, body.order_url, (url) => router.push(url));
    return LEAVING;
  });

  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(refused)) {
    if (sameBilling && (field === "billing" || field.startsWith("billing."))) continue;
    const now = field in rechecked ? rechecked[field] : message;
    if (now) errors[field] = now;
  }
  const summary: SummaryError[] = Object.entries(errors).map(([field, message]) => ({
    field,
    message,
    targetId: targetIdOf(field, methods),
  }));
  const err = (k: string) => errors[k];
  const estimate = instalmentEstimate(Math.max(1, totalCents), months);
  const chooseMethod = (m: string) => {
    setMethod(m);
    recheck("paymentMethod", m, true);
    // Too large to wait for a bank transfer: another method is the answer, so the notice goes.
    if (limit?.otherMethods) setLimit(null);
  };
  const quickerMethod = methods.find((m) => m.method !== "bank-transfer");

  return (
    <div className="min-h-dvh">
      <div className="grid gap-10 lg:grid-cols-[1fr_420px]">
        <form
          onSubmit={submit}
          noValidate
          className="order-2 min-w-0 space-y-10 lg:order-1"
          data-testid="checkout-form"
        >
          <ErrorSummary errors={summary} />
          <section aria-labelledby="contact-title">
            <h2 id="contact-title" className="mb-4 text-xl">
              Contact information
            </h2>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="email" label="Email" error={err("email")}>
                <input
                  id="email"
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(e) => {
                    setEmail(e.target.value);
                    recheck("email", e.target.value, false);
                  }}
                  onBlur={(e) => recheck("email", e.target.value, true)}
                  className={inputClass(err("email"))}
                  aria-invalid={err("email") ? true : undefined}
                  aria-describedby={err("email") ? "email-error" : undefined}
                />
              </Field>
              <Field id="phone" label="Mobile number" error={err("phone")}>
                <input
                  id="phone"
                  type="tel"
                  autoComplete="tel"
                  inputMode="tel"
                  placeholder="082 123 4567"
                  value={phone}
                  onChange={(e) => {
                    setPhone(e.target.value);
                    recheck("phone", e.target.value, false);
                  }}
                  onBlur={(e) => recheck("phone", e.target.value, true)}
                  className={inputClass(err("phone"))}
                  aria-invalid={err("phone") ? true : undefined}
                  aria-describedby={err("phone") ? "phone-error" : undefined}
                />
              </Field>
            </div>
          </section>

          <section aria-labelledby="shipping-title">
            <h2 id="shipping-title" className="mb-4 text-xl">
              Shipping address
            </h2>
            <AddressFields
              prefix="shipping"
              value={shipping}
              onChange={setShipping}
              errors={errors}
              onCheck={recheck}
            />
            <label className="mt-4 flex items-center gap-3 text-sm">
              <input
                type="checkbox"
                checked={sameBilling}
                onChange={(e) => setSameBilling(e.target.checked)}
                className="h-4 w-4 accent-olive-700"
              />
              Billing address same as shipping
            </label>
            {!sameBilling ? (
              <div className="mt-6">
                <h3 className="mb-4 font-sans text-base font-semibold tracking-normal">Billing address</h3>
                <AddressFields
                  prefix="billing"
                  value={billing}
                  onChange={setBilling}
                  errors={errors}
                  onCheck={recheck}
                />
                {err("billing") ? <p className="mt-2 text-sm text-danger">{err("billing")}</p> : null}
              </div>
            ) : null}
          </section>

          <section aria-labelledby="shipping-method-title">
            <h2 id="shipping-method-title" className="mb-4 text-xl">
              Shipping method
            </h2>
            <label className="flex items-center justify-between rounded-md border border-olive-700 bg-white px-4 py-3 text-sm">
              <span className="flex items-center gap-3">
                <input type="radio" name="shipping-method" checked readOnly className="h-4 w-4 accent-olive-700" />
                <span>
                  <span className="block font-semibold">Free delivery nationwide</span>
                  <span className="block text-stone-600">
                    Delivered within {DELIVERY_TIME}; we phone to book a time
                  </span>
                </span>
              </span>
              <span className="font-semibold">{formatMoney(0)}</span>
            </label>
          </section>

          <section aria-labelledby="payment-title">
            <h2 id="payment-title" className="mb-1 text-xl">
              Payment
            </h2>
            <p className="mb-4 text-sm text-stone-600">
              All payments are processed securely by the provider you choose.
            </p>
            <fieldset className="space-y-3">
              <legend className="sr-only">Payment method</legend>
              {methods.map((m) => (
                <label
                  key={m.method}
                  className={`block cursor-pointer rounded-md border bg-white px-4 py-3 text-sm ${method === m.method ? "border-olive-700 ring-1 ring-olive-700" : "border-ink/20"}`}
                >
                  <span className="flex items-start gap-3">
                    <input
                      type="radio"
                      id={`payment-${m.method}`}
                      name="paymentMethod"
                      value={m.method}
                      checked={method === m.method}
                      onChange={() => chooseMethod(m.method)}
                      className="mt-0.5 h-4 w-4 accent-olive-700"
                    />
                    <span className="min-w-0 flex-1">
                      <span className="block font-semibold text-ink">{m.label}</span>
                      <span className="block text-stone-600">{m.description}</span>
                    </span>
                    {m.method === "finchoice" ? (
                      <span className="shrink-0 text-right text-stone-700" data-testid="method-monthly">
                        about <strong className="text-ink">{formatMoney(estimate.monthlyCents)}</strong>{" "}
                        <span className="block text-xs">a month</span>
                      </span>
                    ) : m.method === "payjustnow" ? (
                      <span className="shrink-0 text-right text-stone-700" data-testid="method-monthly">
                        {INTEREST_FREE_PAYMENTS} ×{" "}
                        <strong className="text-ink">{formatMoney(interestFreeInstalment(totalCents))}</strong>{" "}
                        <span className="block text-xs">interest-free</span>
                      </span>
                    ) : null}
                  </span>
                  {m.method === "finchoice" && method === "finchoice" ? (
                    <span
                      className="mt-3 block rounded bg-oat-50 px-3 py-2 text-stone-700"
                      data-testid="finchoice-estimate"
                    >
                      About <strong>{formatMoney(estimate.monthlyCents)}</strong> a month over{" "}
                      <select
                        aria-label="Number of months"
                        value={months}
                        onChange={(e) => setMonths(Number(e.target.value))}
                        className="rounded border border-ink/20 bg-white px-1 py-0.5"
                      >
                        {INSTALMENT_MONTH_OPTIONS.map((n) => (
                          <option key={n} value={n}>
                            {n} months
                          </option>
                        ))}
                      </select>
                      , including interest and fees. FinChoice confirms your quote.
                    </span>
                  ) : null}
                  {m.method === "payjustnow" && method === "payjustnow" ? (
                    <span className="mt-3 block rounded bg-oat-50 px-3 py-2 text-stone-700">
                      {INTEREST_FREE_PAYMENTS} interest-free payments of{" "}
                      <strong>{formatMoney(interestFreeInstalment(totalCents))}</strong>.
                    </span>
                  ) : null}
                </label>
              ))}
            </fieldset>
            {err("paymentMethod") ? (
              <p className="mt-2 text-sm text-danger" data-testid="error-paymentMethod">
                {err("paymentMethod")}
              </p>
            ) : null}
          </section>

          <section className="space-y-5 border-t border-ink/10 pt-6">
            <label className="flex items-start gap-3 text-sm text-stone-700">
              <input
                type="checkbox"
                checked={consent}
                onChange={(e) => setConsent(e.target.checked)}
                className="mt-0.5 h-4 w-4 accent-olive-700"
                data-testid="marketing-consent"
              />
              <span>
                Send me order updates and offers by e-mail. You can unsubscribe at any time. (We always e-mail you about
                this order.)
              </span>
            </label>
            {limit ? (
              <OrderLimitNotice
                refusal={limit}
                onPayAnotherWay={quickerMethod ? () => chooseMethod(quickerMethod.method) : undefined}
              />
            ) : null}
            <button type="submit" className="btn-primary w-full py-4 text-base" disabled={busy} data-testid="pay-now">
              {busy ? "Processing Order" : `Pay ${formatMoney(totalCents)}`}
            </button>
            <p className="text-center text-xs text-stone-600">
              By placing your order you agree to our{" "}
              <Link href="/info/terms-and-conditions" className="underline">
                terms and conditions
              </Link>
              . You must be 18 or older to buy.
            </p>
          </section>
        </form>
        <div className="order-1 min-w-0 lg:order-2">
          <div className="space-y-4 lg:sticky lg:top-6">
            <OrderSummary cart={cart} province={shipping.Province} delivery={delivery} />
            <section aria-labelledby="promo-title" className="rounded-card border border-ink/10 px-5 py-4">
              <h2 id="promo-title" className="mb-2 font-sans text-sm font-semibold tracking-normal text-ink">
                Promo code
              </h2>
              <PromoCodeForm cart={cart} />
            </section>
          </div>
        </div>
      </div>
    </div>
  );
}
