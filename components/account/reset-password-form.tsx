"use client";

import { useRouter } from "next/navigation";
import { FormError, PasswordField, TextField } from "@/components/account/field";
import { text, useRememberedEmail } from "@/components/account/account-form";
import { useFormSubmit } from "@/lib/forms/use-form-submit";
import { accountApi } from "@/lib/auth/account-api";
import { useCustomerStore } from "@/stores/customer";
import { toast } from "@/stores/toast";

export function ResetPasswordForm() {
  const router = useRouter();
  const setEmail = useCustomerStore((s) => s.setEmail);
  const { pending, error, fields, submit, ready } = useFormSubmit({ fieldNames: ["email", "code", "password"] });
  const emailRef = useRememberedEmail();

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
        <TextField
          label="Email address"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          error={fields.email}
          ref={emailRef}
        />
        <TextField
          label="6-digit code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\s*\d{3}\s*\d{3}\s*"
          maxLength={8}
          required
          error={fields.code}
          hint="From the e-mail we sent you. It is valid for 15 minutes."
          className="[&_input]:tracking-[0.3em]"
        />
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          required
          minLength={8}
          error={fields.password}
          hint="At least 8 characters. Common passwords are not accepted."
        />
        <button type="submit" className="btn-primary w-full" disabled={pending || !ready} aria-busy={pending}>
          {pending ? "Saving your new password" : "Set new password"}
        </button>
      </div>
    </form>
  );
}
