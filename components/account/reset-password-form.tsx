"use client";

import { useRouter } from "next/navigation";
import { FormError, NewPasswordField, RememberedEmailField, TextField } from "@/components/account/field";
import { text } from "@/components/account/account-form";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { accountApi } from "@/lib/auth/account-api";
import { useCustomerStore } from "@/stores/customer";
import { toast } from "@/stores/toast";
import { RESET_CODE_DIGITS } from "@/lib/auth/register-fields";

// Typed whole or in two halves (as the e-mail may show it): "123456" or "123 456".
const HALF = Math.floor(RESET_CODE_DIGITS / 2);
const CODE_PATTERN = `\\s*\\d{${HALF}}\\s*\\d{${RESET_CODE_DIGITS - HALF}}\\s*`;

/** `codeMinutes`: how long a code works, as the server sets it. */
export function ResetPasswordForm({ codeMinutes }: { codeMinutes: number }) {
  const router = useRouter();
  const setEmail = useCustomerStore((s) => s.setEmail);
  const { pending, error, fields, submit, ready } = useFormSubmit({ fieldNames: ["email", "code", "password"] });

  const onSubmit = submit(async (form) => {
    const email = text(form, "email").trim();
    await accountApi.setPassword(email, text(form, "code").replace(/\s+/g, ""), text(form, "password"));
    setEmail(email);
    toast({ title: "Password Change Success", message: "Log in with your new password.", type: "success" });
    router.push("/login");
  });

  return (
    <form onSubmit={onSubmit} method="post" data-testid="reset-password-form">
      <FormError message={error} />
      <div className="flex flex-col gap-5">
        <RememberedEmailField error={fields.email} />
        <TextField
          label={`${RESET_CODE_DIGITS}-digit code`}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern={CODE_PATTERN}
          maxLength={RESET_CODE_DIGITS + 2}
          required
          error={fields.code}
          hint={`From the e-mail we sent you. It is valid for ${codeMinutes} minutes.`}
          className="[&_input]:tracking-[0.3em]"
        />
        <NewPasswordField name="password" error={fields.password} />
        <button type="submit" className="btn-primary w-full" disabled={pending || !ready} aria-busy={pending}>
          {pending ? "Saving your new password" : "Set new password"}
        </button>
      </div>
    </form>
  );
}
