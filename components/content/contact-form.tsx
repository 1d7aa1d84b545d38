"use client";

import { useId, useState } from "react";
import { FormMessage, TextArea, TextInput } from "@/components/content/form-fields";
import { formValues } from "@/lib/forms/client";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { callApi } from "@/lib/http/api-client";
import { toast } from "@/stores/toast";

export function ContactForm() {
  const errorId = useId();
  const [sent, setSent] = useState<string | null>(null);
  const { pending, ready, message, fields, submit } = useFormSubmit();

  const onSubmit = submit(async (form) => {
    setSent(null);
    const value = formValues(form);
    const { message } = await callApi<{ message: string }>("POST", "/api/contact", value);
    form.reset();
    const [firstName] = String(value.name).trim().split(/\s+/);
    setSent(`${message}. Thank you, ${firstName}. We will reply to ${String(value.email).trim()}, usually on the same working day.`);
    toast({ title: message, message: "We will be in touch soon.", type: "success" });
  });

  return (
    <section aria-labelledby="get-in-touch" className="rounded-card border border-ink/10 bg-white p-5 shadow-sm sm:p-7">
      <h2 id="get-in-touch" className="text-2xl text-ink">Get in touch</h2>
      <p className="mt-1 text-sm text-stone-600">Every field is needed except your phone number.</p>
      <form onSubmit={onSubmit} noValidate className="mt-5 flex flex-col gap-4" data-testid="contact-form">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput label="Name" name="name" autoComplete="name" required invalid={Boolean(fields.name)} errorId={errorId} />
          <TextInput label="Phone" name="phone" type="tel" autoComplete="tel" inputMode="tel" invalid={Boolean(fields.phone)} errorId={errorId} />
        </div>
        <TextInput label="Email" name="email" type="email" autoComplete="email" inputMode="email" required invalid={Boolean(fields.email)} errorId={errorId} />
        <TextArea label="Message" name="message" rows={6} required invalid={Boolean(fields.message)} errorId={errorId} hint="Tell us what you need, and include your order number if you have one." />
        <FormMessage id={errorId} error={message} success={sent} />
        <button type="submit" className="btn-primary self-start" disabled={pending || !ready} aria-busy={pending}>
          {pending ? "Sending" : "Send Message"}
        </button>
      </form>
    </section>
  );
}
