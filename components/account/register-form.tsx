"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { FormError, PasswordField, TextField } from "@/components/account/field";
import { nextPath, text } from "@/components/account/account-form";
import { ErrorSummary, focusById } from "@/components/checkout/error-summary";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { accountApi } from "@/lib/auth/account-api";
import { REGISTER_FIELDS, REGISTER_RULES, registerErrors, type RegisterField } from "@/lib/auth/register-fields";
import { useCustomerStore } from "@/stores/customer";
import { toast } from "@/stores/toast";
import { PASSWORD_HINT } from "@/lib/auth/register-fields";

const fieldId = (field: RegisterField) => `register-${field.replace("_", "-")}`;
const isField = (name: string): name is RegisterField => (REGISTER_FIELDS as readonly string[]).includes(name);

/**
 * Like the checkout: the browser's own bubbles are off (noValidate), a submit with problems lists
 * them all at the top, each linked to its field, and focuses the first; a message goes as soon as
 * its field is right. The server's refusals (an address already registered, a common password)
 * join the same list.
 */
export function RegisterForm() {
  const router = useRouter();
  const signIn = useCustomerStore((s) => s.signIn);
  const {
    pending,
    error,
    fields: refused,
    submit,
    ready,
  } = useFormSubmit({
    fieldNames: REGISTER_FIELDS,
    // The refusal is shown in the form; a notification would only repeat it.
    notice: (e) => (Object.keys(e.fields).some(isField) ? null : { title: e.message, type: "error" }),
  });
  const [checked, setChecked] = useState<Partial<Record<RegisterField, string>>>({});
  // A server refusal stays until its field is changed to something the rules accept.
  const [cleared, setCleared] = useState<Partial<Record<RegisterField, true>>>({});

  const errorOf = (field: RegisterField): string | undefined =>
    checked[field] ?? (cleared[field] ? undefined : refused[field]);
  const summary = REGISTER_FIELDS.flatMap((field) => {
    const message = errorOf(field);
    return message ? [{ field, message, targetId: fieldId(field) }] : [];
  });

  const recheck = (field: RegisterField, value: string, left: boolean) => {
    const message = REGISTER_RULES[field](value);
    if (message === null) {
      if (checked[field]) setChecked((c) => ({ ...c, [field]: undefined }));
      if (refused[field]) setCleared((c) => ({ ...c, [field]: true }));
    } else if (left && (checked[field] || refused[field])) setChecked((c) => ({ ...c, [field]: message }));
  };

  const onSubmit = submit(async (form) => {
    const values = Object.fromEntries(REGISTER_FIELDS.map((f) => [f, text(form, f)])) as Record<RegisterField, string>;
    const problems = registerErrors(values);
    setChecked(Object.fromEntries(problems));
    setCleared({});
    if (problems.length > 0) {
      focusById(fieldId(problems[0]![0]));
      return;
    }
    const response = await accountApi.register({
      first_name: values.first_name,
      last_name: values.last_name,
      email: values.email,
      phone: values.phone || undefined,
      password: values.password,
    });
    signIn(response);
    toast({ title: "Account created", type: "success" });
    router.replace(nextPath());
    router.refresh();
  });

  const bind = (field: RegisterField) => ({
    id: fieldId(field),
    name: field,
    error: errorOf(field),
    onInput: (e: React.FormEvent<HTMLInputElement>) => recheck(field, e.currentTarget.value, false),
    onBlur: (e: React.FocusEvent<HTMLInputElement>) => recheck(field, e.currentTarget.value, true),
  });

  return (
    <form onSubmit={onSubmit} method="post" noValidate data-testid="register-form">
      <div className="mb-5 empty:hidden">
        <ErrorSummary errors={summary} />
      </div>
      <FormError message={summary.length > 0 ? null : error} />
      <div className="flex flex-col gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" required maxLength={80} {...bind("first_name")} />
          <TextField label="Last name" autoComplete="family-name" required maxLength={80} {...bind("last_name")} />
        </div>
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          {...bind("email")}
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={20}
          hint="For delivery updates from our drivers."
          {...bind("phone")}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          required
          hint={PASSWORD_HINT}
          {...bind("password")}
        />
        <button type="submit" className="btn-primary w-full" disabled={pending || !ready} aria-busy={pending}>
          {pending ? "Creating your account" : "Create account"}
        </button>
      </div>
    </form>
  );
}
