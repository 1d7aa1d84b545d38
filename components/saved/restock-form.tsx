"use client";

import { useId, useState } from "react";
import { FormMessage } from "@/components/content/form-fields";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { callApi } from "@/lib/http/api-client";
import { infoPath } from "@/lib/config/site";

/**
 * "E-mail me when it's back" for a sold-out product or variation. The shop e-mails a link to
 * confirm first (double opt-in), and sends one e-mail when the stock returns.
 */
export function RestockForm({ productId, variationId }: { productId: number; variationId: number | null }) {
  const id = useId();
  const errorId = `${id}-error`;
  const [done, setDone] = useState<string | null>(null);
  const { pending, ready, message, fields, submit } = useFormSubmit();

  const onSubmit = submit(async (form) => {
    const email = (form.elements.namedItem("email") as HTMLInputElement | null)?.value ?? "";
    const answer = await callApi<{ message: string }>("POST", "/api/back-in-stock", { email, productId, variationId });
    setDone(answer.message);
  });

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-card border border-ink/10 bg-white/70 p-4"
      data-testid="restock-form"
    >
      <h2 id={`${id}-heading`} className="font-sans text-base font-semibold tracking-normal text-ink">
        E-mail me when it&apos;s back
      </h2>
      {done ? (
        <p role="status" className="mt-2 text-sm text-stone-700" data-testid="restock-requested">
          {done}
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-3 flex flex-col gap-3">
          <div className="flex flex-wrap gap-2">
            <label htmlFor={`${id}-email`} className="sr-only">
              Email address
            </label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.co.za"
              required
              aria-invalid={fields.email ? true : undefined}
              aria-describedby={fields.email ? errorId : `${id}-note`}
              className="min-w-0 flex-1 rounded-md border border-ink/20 bg-white px-3.5 py-2.5 text-base text-ink shadow-sm placeholder:text-stone-500 focus:border-olive-700 focus:outline-none focus:ring-2 focus:ring-olive-700 aria-[invalid=true]:border-danger"
            />
            <button type="submit" className="btn-secondary shrink-0" disabled={pending || !ready} aria-busy={pending}>
              {pending ? "Sending" : "Notify me"}
            </button>
          </div>
          <p id={`${id}-note`} className="text-xs leading-relaxed text-stone-600">
            We will e-mail you a link to confirm, then once when it is back, and nothing else. See our{" "}
            <a href={infoPath("privacy-policy")} className="underline underline-offset-2">
              privacy policy
            </a>
            .
          </p>
          <FormMessage id={errorId} error={message} />
        </form>
      )}
    </section>
  );
}
