"use client";

import { useEffect, useState } from "react";
import { ErrorSummary } from "@/components/checkout/error-summary";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { callApi } from "@/lib/http/api-client";
import { PROVINCES } from "@/lib/forms/provinces";
import { SWATCHES } from "@/lib/swatches/rules";
import { toast } from "@/stores/toast";

export type SwatchFabric = { slug: string; name: string; hex: string; family: string; note: string };

const FIELDS = [
  ["fabrics", "Fabrics"],
  ["firstName", "First name"],
  ["lastName", "Last name"],
  ["email", "Email address"],
  ["phone", "Phone"],
  ["streetAddress1", "Street address"],
  ["streetAddress2", "Apartment, suite, unit"],
  ["city", "Town / City"],
  ["postcode", "Postcode"],
  ["province", "Province"],
] as const;
type Field = (typeof FIELDS)[number][0];
const FIELD_NAMES = FIELDS.map(([f]) => f);
const fieldId = (f: Field) => (f === "fabrics" ? "swatch-fabrics" : `swatch-${f}`);

const CONTROL =
  "mt-1.5 block min-h-11 w-full rounded-md border border-ink/20 bg-white px-3.5 py-2.5 text-base text-ink shadow-sm " +
  "focus:border-olive-700 focus:outline-none focus:ring-2 focus:ring-olive-700 aria-[invalid=true]:border-danger";

/**
 * Up to five fabrics and a postal address; the server checks everything (the checkout's rules) and
 * its messages show beside each field and in a summary at the top, each leaving as its field is
 * changed. `?fabric=oat&fabric=ink` (from a product page) ticks those fabrics.
 */
export function SwatchForm({ fabrics }: { fabrics: SwatchFabric[] }) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [sent, setSent] = useState<{ message: string; names: string[]; email: string } | null>(null);
  const [edited, setEdited] = useState<Partial<Record<Field, true>>>({});
  const { pending, ready, fields, error, submit } = useFormSubmit({ fieldNames: FIELD_NAMES, notice: () => null });

  useEffect(() => {
    const wanted = new URLSearchParams(window.location.search).getAll("fabric").map((s) => s.toLowerCase());
    const known = fabrics.filter((f) => wanted.includes(f.slug)).map((f) => f.slug);
    // Read once the page runs: the page itself is the same for every address.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (known.length) setChosen(known.slice(0, SWATCHES.maxFabrics));
  }, [fabrics]);

  const errorOf = (f: Field): string | undefined => (edited[f] ? undefined : fields[f]);
  const summary = FIELDS.flatMap(([f]) => {
    const message = errorOf(f);
    return message ? [{ field: f, message, targetId: fieldId(f) }] : [];
  });
  const edit = (f: Field) => () => setEdited((e) => (e[f] ? e : { ...e, [f]: true }));

  const onSubmit = submit(async (form) => {
    setEdited({});
    const data = new FormData(form);
    const value = Object.fromEntries(
      FIELD_NAMES.filter((f) => f !== "fabrics").map((f) => [f, String(data.get(f) ?? "")]),
    );
    const answer = await callApi<{ message: string }>("POST", "/api/swatches", {
      ...value,
      fabrics: fabrics.filter((f) => chosen.includes(f.slug)).map((f) => f.slug),
    });
    setSent({
      message: answer.message,
      names: fabrics.filter((f) => chosen.includes(f.slug)).map((f) => f.name),
      email: value.email!.trim(),
    });
    toast({ title: answer.message, type: "success" });
  });

  if (sent) {
    return (
      <div
        role="status"
        className="rounded-card border border-success/30 bg-white p-6 shadow-sm"
        data-testid="swatch-sent"
      >
        <h2 className="text-2xl text-ink">{sent.message}</h2>
        <p className="mt-2 text-stone-700">
          We will post {sent.names.join(", ")} within {SWATCHES.postedWithinWorkingDays} working days, free. A
          confirmation is on its way to {sent.email}.
        </p>
      </div>
    );
  }

  const full = chosen.length >= SWATCHES.maxFabrics;
  const text = (f: Field, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <div>
      <label htmlFor={fieldId(f)} className="block text-sm font-semibold text-ink">
        {label}
        {props.required === false ? <span className="font-normal text-stone-600"> (optional)</span> : null}
      </label>
      <input
        id={fieldId(f)}
        name={f}
        aria-invalid={errorOf(f) ? true : undefined}
        aria-describedby={errorOf(f) ? `${fieldId(f)}-error` : undefined}
        onChange={edit(f)}
        className={CONTROL}
        {...props}
        required={props.required !== false}
      />
      {errorOf(f) ? (
        <p id={`${fieldId(f)}-error`} className="mt-1 text-sm text-danger" data-testid={`error-${f}`}>
          {errorOf(f)}
        </p>
      ) : null}
    </div>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6" data-testid="swatch-form">
      <ErrorSummary errors={summary} />
      {error && summary.length === 0 ? (
        <p
          role="alert"
          className="rounded-md border border-danger/30 bg-danger/5 px-4 py-3 text-sm text-danger"
          data-testid="form-error"
        >
          {error}
        </p>
      ) : null}
      <fieldset
        id="swatch-fabrics"
        tabIndex={-1}
        aria-describedby={errorOf("fabrics") ? "swatch-fabrics-error" : "swatch-fabrics-count"}
        className="rounded-card border border-ink/10 bg-white p-5 shadow-sm"
      >
        <legend className="px-1 text-lg font-semibold text-ink">Choose up to {SWATCHES.maxFabrics} fabrics</legend>
        <p id="swatch-fabrics-count" className="text-sm text-stone-600" aria-live="polite">
          {chosen.length} of {SWATCHES.maxFabrics} chosen
        </p>
        {errorOf("fabrics") ? (
          <p id="swatch-fabrics-error" className="mt-1 text-sm text-danger" data-testid="error-fabrics">
            {errorOf("fabrics")}
          </p>
        ) : null}
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {fabrics.map((f) => {
            const on = chosen.includes(f.slug);
            return (
              <li key={f.slug}>
                <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border border-ink/10 p-3 has-[:checked]:border-olive-700 has-[:checked]:bg-olive-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60">
                  <input
                    type="checkbox"
                    name="fabrics"
                    value={f.slug}
                    checked={on}
                    disabled={!on && full}
                    onChange={(e) => {
                      edit("fabrics")();
                      setChosen((c) => (e.target.checked ? [...c, f.slug] : c.filter((s) => s !== f.slug)));
                    }}
                    className="mt-1 h-5 w-5 shrink-0 accent-olive-700"
                  />
                  <span
                    aria-hidden
                    className="mt-0.5 h-6 w-6 shrink-0 rounded-full border border-ink/20"
                    style={{ background: f.hex }}
                  />
                  <span className="min-w-0">
                    <span className="block font-semibold text-ink">{f.name}</span>
                    <span className="block text-xs text-stone-600">{f.family}</span>
                    <span className="mt-1 block text-sm text-stone-700">{f.note}</span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <fieldset className="grid gap-4 rounded-card border border-ink/10 bg-white p-5 shadow-sm sm:grid-cols-2">
        <legend className="px-1 text-lg font-semibold text-ink">Where should we post them?</legend>
        {text("firstName", "First name", { autoComplete: "given-name" })}
        {text("lastName", "Last name", { autoComplete: "family-name" })}
        {text("email", "Email address", { type: "email", autoComplete: "email", inputMode: "email" })}
        {text("phone", "Phone", { type: "tel", autoComplete: "tel", inputMode: "tel", required: false })}
        <div className="sm:col-span-2">
          {text("streetAddress1", "Street address", { autoComplete: "address-line1" })}
        </div>
        <div className="sm:col-span-2">
          {text("streetAddress2", "Apartment, suite, unit", { autoComplete: "address-line2", required: false })}
        </div>
        {text("city", "Town / City", { autoComplete: "address-level2" })}
        {text("postcode", "Postcode", { autoComplete: "postal-code", inputMode: "numeric", maxLength: 4 })}
        <div className="sm:col-span-2">
          <label htmlFor={fieldId("province")} className="block text-sm font-semibold text-ink">
            Province
          </label>
          <select
            id={fieldId("province")}
            name="province"
            defaultValue=""
            required
            aria-invalid={errorOf("province") ? true : undefined}
            aria-describedby={errorOf("province") ? "swatch-province-error" : undefined}
            onChange={edit("province")}
            className={CONTROL}
          >
            <option value="">Choose a province</option>
            {PROVINCES.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
          {errorOf("province") ? (
            <p id="swatch-province-error" className="mt-1 text-sm text-danger" data-testid="error-province">
              {errorOf("province")}
            </p>
          ) : null}
        </div>
      </fieldset>
      <p className="text-sm text-stone-600">
        Free, posted within {SWATCHES.postedWithinWorkingDays} working days; one envelope per address every{" "}
        {SWATCHES.perAddressDays} days. We use your address only to post the swatches.
      </p>
      <button type="submit" className="btn-primary self-start" disabled={pending || !ready} aria-busy={pending}>
        {pending ? "Sending" : "Send my free swatches"}
      </button>
    </form>
  );
}
