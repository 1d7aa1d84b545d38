"use client";

import { useRouter } from "next/navigation";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { callApi } from "@/lib/http/api-client";
import { refuseLocally } from "@/components/admin/catalog/form-values";
import { toast } from "@/stores/toast";
import { BUTTON } from "@/components/admin/ui";
import { CheckField, FormError } from "@/components/admin/catalog/field";
import { fieldErrors } from "@/lib/admin/slug";
import { paymentMethodsFields } from "@/lib/settings/schema";
import type { MethodState } from "@/lib/payments/config";

/**
 * Which payment methods the checkout, the product pages' instalment lines and the order pages
 * offer. A method that cannot take money here cannot be ticked: the row says what it needs.
 */
export function PaymentMethodsForm({ methods }: { methods: readonly MethodState[] }) {
  const router = useRouter();
  const { submit, pending, ready, message } = useFormSubmit({});

  const save = submit(async (form) => {
    const data = new FormData(form);
    const values = { offered: data.getAll("offered").map(String) };
    refuseLocally(fieldErrors(paymentMethodsFields, values));
    const answer = await callApi<{ message: string }>("PUT", "/api/admin/settings/payment-methods", values);
    toast({ title: answer.message, type: "success" });
    router.refresh();
  });

  return (
    <form noValidate onSubmit={save} aria-label="Payment methods">
      <fieldset className="grid gap-3">
        <legend className="sr-only">Offered to shoppers</legend>
        {methods.map((m) => (
          <div key={m.method} className="grid gap-0.5" data-testid="payment-method-setting">
            <CheckField name="offered" value={m.method} defaultChecked={m.offered} disabled={!m.available}>
              <span className="font-medium text-ink">{m.label}</span>
              {m.available && m.standIn ? (
                <span className="rounded bg-oat-100 px-1.5 py-0.5 text-xs text-stone-700">test stand-in</span>
              ) : null}
            </CheckField>
            {!m.available ? <p className="ml-7 text-xs text-stone-600">Needs {m.needs}.</p> : null}
          </div>
        ))}
      </fieldset>
      <div className="mt-4">
        <FormError message={message} />
        <button type="submit" className={`${BUTTON} mt-2`} disabled={!ready || pending}>
          {pending ? "Saving…" : "Save payment methods"}
        </button>
      </div>
    </form>
  );
}
