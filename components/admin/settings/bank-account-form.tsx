"use client";

import { useId } from "react";
import { useRouter } from "next/navigation";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { callApi } from "@/lib/http/api-client";
import { formText, refuseLocally } from "@/components/admin/catalog/form-values";
import { toast } from "@/stores/toast";
import { BUTTON } from "@/components/admin/ui";
import { Field, FormError } from "@/components/admin/catalog/field";
import { fieldErrors } from "@/lib/admin/slug";
import { bankAccountFields, type BankAccountSetting } from "@/lib/settings/schema";

/** The form's fields, in its order: what each is called, and how it is typed. */
const FIELDS = [
  { name: "accountName", label: "Account holder", required: true },
  { name: "bankName", label: "Bank", hint: "e.g. FNB, Standard Bank, Capitec Business", required: true },
  { name: "accountNumber", label: "Account number", numeric: true, required: true },
  { name: "branchCode", label: "Branch code", hint: "The bank's universal branch code", numeric: true, required: true },
  { name: "accountType", label: "Account type (optional)", hint: "e.g. Business current" },
] as const satisfies readonly {
  name: keyof BankAccountSetting;
  label: string;
  hint?: string;
  numeric?: boolean;
  required?: boolean;
}[];
const NAMES = FIELDS.map((f) => f.name);

/**
 * The account shoppers pay a bank transfer into. Checked in the browser with the server's own
 * schema first; once saved, the next order page and e-mail show it.
 */
export function BankAccountForm({ saved }: { saved: BankAccountSetting | null }) {
  const id = useId();
  const router = useRouter();
  const { submit, pending, ready, fields, error } = useFormSubmit({ fieldNames: NAMES });

  const save = submit(async (form) => {
    const text = formText(form);
    const values = Object.fromEntries(NAMES.map((name) => [name, text(name)]));
    refuseLocally(fieldErrors(bankAccountFields, values));
    const answer = await callApi<{ message: string }>("PUT", "/api/admin/settings/bank-account", values);
    toast({ title: answer.message, type: "success" });
    router.refresh();
  });

  return (
    <form noValidate onSubmit={save} aria-label="Bank account for transfers" className="grid gap-4 sm:grid-cols-2">
      {FIELDS.map((f) => (
        <Field
          key={f.name}
          id={`${id}-${f.name}`}
          name={f.name}
          label={f.label}
          hint={"hint" in f ? f.hint : undefined}
          inputMode={"numeric" in f ? "numeric" : undefined}
          required={"required" in f}
          defaultValue={saved?.[f.name] ?? ""}
          error={fields[f.name]}
          autoComplete="off"
        />
      ))}
      <div className="sm:col-span-2">
        <FormError message={error} />
        <button type="submit" className={`${BUTTON} mt-2`} disabled={!ready || pending}>
          {pending ? "Saving…" : "Save bank account"}
        </button>
      </div>
    </form>
  );
}
