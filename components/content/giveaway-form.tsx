"use client";

import { useId, useState } from "react";
import Link from "next/link";
import { Checkbox, FormMessage, Select, TextInput } from "@/components/content/form-fields";
import { PROVINCES } from "@/lib/forms/provinces";
import { formValues } from "@/lib/forms/client";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { callApi } from "@/lib/http/api-client";
import { infoPath } from "@/lib/config/site";
import { toast } from "@/stores/toast";

/** A campaign's entry form: name, e-mail, phone, province and the 18+ confirmation. */
export function GiveawayForm({ campaign, closesOn }: { campaign: string; closesOn: string }) {
  const errorId = useId();
  const [entered, setEntered] = useState<string | null>(null);
  // Entered already: a warning, not a failure.
  const { pending, ready, message, fields, submit } = useFormSubmit({ notice: (e) => ({ title: e.message, type: e.status === 409 ? "warn" : "error" }) });

  const onSubmit = submit(async (form) => {
    const value = formValues(form);
    const adult = Boolean((form.elements.namedItem("adult") as HTMLInputElement | null)?.checked);
    const { message } = await callApi<{ message: string }>("POST", "/api/giveaway-enter", { ...value, campaign, adult });
    setEntered(String(value.email).trim());
    toast({ title: message, type: "success" });
  });

  if (entered) {
    return (
      <div role="status" className="rounded-card border border-success/30 bg-white p-6" data-testid="giveaway-entered">
        <h3 className="text-2xl text-ink">You&apos;re in the draw</h3>
        <p className="mt-2 leading-relaxed text-stone-700">
          Thank you. We have sent a confirmation to {entered}. The winner is drawn after {closesOn}, and we will phone and e-mail them.
          You only need to enter once. Good luck.
        </p>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="giveaway-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label="Full name" name="name" autoComplete="name" required invalid={Boolean(fields.name)} errorId={errorId} />
        <TextInput label="Email" name="email" type="email" autoComplete="email" inputMode="email" required invalid={Boolean(fields.email)} errorId={errorId} />
        <TextInput label="Phone" name="phone" type="tel" autoComplete="tel" inputMode="tel" required placeholder="082 123 4567" invalid={Boolean(fields.phone)} errorId={errorId} />
        <Select label="Province" name="province" required defaultValue="" invalid={Boolean(fields.province)} errorId={errorId}>
          <option value="" disabled>Choose your province</option>
          {PROVINCES.map((p) => (
            <option key={p} value={p}>{p}</option>
          ))}
        </Select>
      </div>
      <Checkbox name="adult" invalid={Boolean(fields.adult)} errorId={errorId}>
        I confirm that I am 18 or older and live in South Africa, and I accept the <Link href={infoPath("terms-and-conditions")} className="underline underline-offset-2">giveaway rules</Link>.
      </Checkbox>
      <p className="text-xs leading-relaxed text-stone-600">
        One entry per e-mail address. We use your details only to run this giveaway; see our <Link href={infoPath("privacy-policy")} className="underline underline-offset-2">privacy policy</Link>.
      </p>
      <FormMessage id={errorId} error={message} />
      <button type="submit" className="btn-primary self-start" disabled={pending || !ready} aria-busy={pending}>{pending ? "Entering" : "Enter the giveaway"}</button>
    </form>
  );
}
