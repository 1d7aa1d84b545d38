"use client";

import { useId, useState } from "react";
import { Checkbox, FormMessage } from "@/components/content/form-fields";
import type { ConsentSource } from "@/lib/newsletter/input";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { callApi } from "@/lib/http/api-client";
import { infoPath, SITE } from "@/lib/config/site";
import { toast } from "@/stores/toast";

/**
 * Newsletter sign-up: an address and an unticked consent box (POPIA wants consent given, not
 * assumed). `source` records where on the site it was given.
 */
export function NewsletterSignup({ source, variant = "footer" }: { source: ConsentSource; variant?: "footer" | "band" }) {
  const errorId = useId();
  const [done, setDone] = useState<string | null>(null);
  const { pending, ready, message, fields, submit } = useFormSubmit();
  const band = variant === "band";

  const onSubmit = submit(async (form) => {
    setDone(null);
    const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | null;
    const { message } = await callApi<{ message: string }>("POST", "/api/newsletter", { email: field("email")?.value ?? "", consent: Boolean(field("consent")?.checked), source });
    form.reset();
    setDone(`${message}. Look out for a confirmation e-mail.`);
    toast({ title: message, type: "success" });
  });

  const headingId = `newsletter-${source}`;
  const intro = (
    <div>
      {band ? <p className="text-xs font-semibold uppercase tracking-[0.16em] text-olive-700">Newsletter</p> : null}
      <h2 id={headingId} className={band ? "mt-1 text-2xl text-ink sm:text-3xl" : "font-sans text-sm font-semibold tracking-normal text-ink"}>
        {band ? "Good things, now and then" : "Newsletter"}
      </h2>
      <p className={band ? "mt-3 max-w-md leading-relaxed text-stone-700" : "mt-1 text-xs leading-relaxed text-stone-600"}>
        {band
          ? "New couches, stories from the workshop and our best promotions, a few times a month at most. Unsubscribe with one click."
          : "Promotions and new arrivals, a few times a month."}
      </p>
    </div>
  );
  const form = (
    <form onSubmit={onSubmit} noValidate className={`flex min-w-0 flex-col gap-3 ${band ? "" : "mt-4"}`}>
      <div className="flex gap-2">
        <label htmlFor={`${headingId}-email`} className="sr-only">Email address</label>
        <input id={`${headingId}-email`} name="email" type="email" autoComplete="email" inputMode="email" placeholder="you@example.co.za" required
          aria-invalid={fields.email ? true : undefined} aria-describedby={fields.email ? errorId : undefined}
          className="min-w-0 flex-1 rounded-md border border-ink/20 bg-white px-3.5 py-2.5 text-base text-ink shadow-sm placeholder:text-stone-500 focus:border-olive-700 focus:outline-none focus:ring-2 focus:ring-olive-700 aria-[invalid=true]:border-danger" />
        <button type="submit" className="btn-primary shrink-0" disabled={pending || !ready} aria-busy={pending}>{pending ? "Subscribing" : "Subscribe"}</button>
      </div>
      <Checkbox name="consent" invalid={Boolean(fields.consent)} errorId={errorId}>
        Yes, e-mail me {band ? `${SITE.name}'s` : "your"} promotions and news. See our <a href={infoPath("privacy-policy")} className="underline underline-offset-2">privacy policy</a>.
      </Checkbox>
      <FormMessage id={errorId} error={message} success={done} />
    </form>
  );
  return (
    <section aria-labelledby={headingId} className={band ? "grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-center lg:gap-12" : "mt-6 max-w-sm"} data-testid={`newsletter-${source}`}>
      {intro}
      {form}
    </section>
  );
}
