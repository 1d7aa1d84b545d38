"use client";

import { useId, useState } from "react";
import { formatMoney } from "@/lib/money/money";
import {
  INSTALMENT_MAX_MONTHS,
  INSTALMENT_MONTH_OPTIONS,
  INSTALMENT_WORDS,
  INTEREST_FREE_PAYMENTS,
  instalmentEstimate,
  interestFreeInstalment,
} from "@/lib/money/instalments";

/** Which of the instalment methods the shop offers: each line shows only for a method offered. */
export type InstalmentMethods = { finchoice: boolean; payjustnow: boolean };

export function InstalmentEstimate({ priceCents, offered }: { priceCents: number; offered: InstalmentMethods }) {
  const [months, setMonths] = useState(INSTALMENT_MAX_MONTHS);
  const id = useId();
  if (!offered.finchoice && !offered.payjustnow) return null;
  const payJustNow = (
    <>
      {INTEREST_FREE_PAYMENTS} interest-free payments of {formatMoney(interestFreeInstalment(priceCents))} with
      PayJustNow.
    </>
  );
  if (!offered.finchoice) {
    return (
      <div className="rounded-card border border-ink/10 bg-oat-50 px-4 py-3 text-sm" data-testid="instalment-estimate">
        <p className="text-stone-700">Or pay in {payJustNow}</p>
      </div>
    );
  }
  const estimate = instalmentEstimate(priceCents, months);
  return (
    <div className="rounded-card border border-ink/10 bg-oat-50 px-4 py-3 text-sm" data-testid="instalment-estimate">
      <p className="text-stone-700">
        Or pay about{" "}
        <strong className="text-ink" data-testid="instalment-monthly">
          {formatMoney(estimate.monthlyCents)}
        </strong>{" "}
        a month with FinChoice, over{" "}
        <label htmlFor={id} className="sr-only">
          Number of months
        </label>
        <select
          id={id}
          value={months}
          onChange={(e) => setMonths(Number(e.target.value))}
          className="rounded border border-ink/20 bg-white px-1.5 py-0.5 font-semibold text-ink"
        >
          {INSTALMENT_MONTH_OPTIONS.map((m) => (
            <option key={m} value={m}>
              {m} months
            </option>
          ))}
        </select>
      </p>
      <p className="mt-1 text-xs text-stone-600">
        Estimate includes interest at {INSTALMENT_WORDS.annualInterest} a year and fees; FinChoice confirms your quote
        at checkout.{offered.payjustnow ? <> Or {payJustNow}</> : null}
      </p>
    </div>
  );
}
