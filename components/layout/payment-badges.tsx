import { PAYMENT_METHOD_NAMES } from "@/lib/config/site";

const MARK: Record<(typeof PAYMENT_METHOD_NAMES)[number], string> = {
  PayFast: "bg-terracotta-600",
  "Bank transfer": "bg-stone-600",
  FinChoice: "bg-olive-700",
  PayJustNow: "bg-ink",
  Ozow: "bg-olive-600",
};

/** The payment methods as small badges of the shop's own (names, not the providers' logos). */
export function PaymentBadges() {
  return (
    <ul aria-label="Payment methods we accept" className="flex flex-wrap gap-1.5" data-testid="payment-badges">
      {PAYMENT_METHOD_NAMES.map((m) => (
        <li
          key={m}
          className="inline-flex h-7 items-center gap-1.5 rounded border border-ink/15 bg-white px-2 text-[11px] font-semibold tracking-wide text-ink shadow-sm"
        >
          <span aria-hidden className={`h-2.5 w-2.5 rounded-sm ${MARK[m]}`} />
          {m}
        </li>
      ))}
    </ul>
  );
}
