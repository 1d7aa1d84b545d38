"use client";

import { FormError, PasswordField } from "@/components/account/field";
import { text } from "@/components/account/account-form";
import { LEAVING, useFormSubmit } from "@/components/forms/use-form-submit";
import { accountApi } from "@/lib/auth/account-api";

/** The site gate's form: only the password goes to /api/register; its answer is the gate flag. */
export function SiteLoginForm() {
  const { pending, error, submit, ready } = useFormSubmit();

  const onSubmit = submit(async (form) => {
    const { gate } = await accountApi.passGate(text(form, "password"));
    // A full load, so the proxy serves the page that was asked for in place of this screen.
    if (gate) {
      window.location.reload();
      return LEAVING;
    }
  });

  return (
    <form onSubmit={onSubmit} method="post" data-testid="site-login-form">
      <FormError message={error} />
      <div className="flex flex-col gap-5">
        <PasswordField label="Password" name="password" autoComplete="current-password" required autoFocus />
        <button type="submit" className="btn-primary w-full" disabled={pending || !ready} aria-busy={pending}>
          {pending ? "Logging in" : "Login"}
        </button>
      </div>
    </form>
  );
}
