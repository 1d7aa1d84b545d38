"use client";

import { FormError, NewPasswordField, PasswordField } from "@/components/account/field";
import { text } from "@/components/account/account-form";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { accountApi } from "@/lib/auth/account-api";
import { toast } from "@/stores/toast";

export function ChangePasswordForm() {
  const { pending, error, fields, submit, ready } = useFormSubmit({ fieldNames: ["current_password", "new_password"] });

  const onSubmit = submit(async (form) => {
    await accountApi.changePassword(text(form, "current_password"), text(form, "new_password"));
    form.reset();
    toast({ title: "Password Change Success", message: "Any other devices have been logged out.", type: "success" });
  });

  return (
    <form onSubmit={onSubmit} method="post" className="max-w-md" data-testid="change-password-form">
      <FormError message={error} />
      <div className="flex flex-col gap-5">
        <PasswordField
          label="Current password"
          name="current_password"
          autoComplete="current-password"
          required
          error={fields.current_password}
        />
        <NewPasswordField name="new_password" error={fields.new_password} />
        <button type="submit" className="btn-primary self-start" disabled={pending || !ready} aria-busy={pending}>
          {pending ? "Changing your password" : "Change password"}
        </button>
      </div>
    </form>
  );
}
