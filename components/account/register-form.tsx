"use client";

import { useRouter } from "next/navigation";
import { FormError, PasswordField, TextField } from "@/components/account/field";
import { nextPath, text } from "@/components/account/account-form";
import { useFormSubmit } from "@/lib/forms/use-form-submit";
import { accountApi } from "@/lib/auth/account-api";
import { useCustomerStore } from "@/stores/customer";
import { toast } from "@/stores/toast";

export function RegisterForm() {
  const router = useRouter();
  const signIn = useCustomerStore((s) => s.signIn);
  const { pending, error, fields, submit, ready } = useFormSubmit({
    fieldNames: ["first_name", "last_name", "email", "phone", "password"],
  });

  const onSubmit = submit(async (form) => {
    const response = await accountApi.register({
      first_name: text(form, "first_name"),
      last_name: text(form, "last_name"),
      email: text(form, "email"),
      phone: text(form, "phone") || undefined,
      password: text(form, "password"),
    });
    signIn(response);
    toast({ title: "Account created", type: "success" });
    router.replace(nextPath());
    router.refresh();
  });

  return (
    <form onSubmit={onSubmit} method="post" data-testid="register-form">
      <FormError message={error} />
      <div className="flex flex-col gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="First name"
            name="first_name"
            autoComplete="given-name"
            required
            maxLength={80}
            error={fields.first_name}
          />
          <TextField
            label="Last name"
            name="last_name"
            autoComplete="family-name"
            required
            maxLength={80}
            error={fields.last_name}
          />
        </div>
        <TextField
          label="Email address"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          error={fields.email}
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={20}
          error={fields.phone}
          hint="For delivery updates from our drivers."
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          minLength={8}
          error={fields.password}
          hint="At least 8 characters. Common passwords are not accepted."
        />
        <button type="submit" className="btn-primary w-full" disabled={pending || !ready} aria-busy={pending}>
          {pending ? "Creating your account" : "Create account"}
        </button>
      </div>
    </form>
  );
}
