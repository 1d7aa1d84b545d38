"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { FormError, PasswordField, RememberedEmailField } from "@/components/account/field";
import { nextPath, text } from "@/components/account/account-form";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { accountApi } from "@/lib/auth/account-api";
import { useCustomerStore } from "@/stores/customer";
import { toast } from "@/stores/toast";

export function LoginForm() {
  const router = useRouter();
  const signIn = useCustomerStore((s) => s.signIn);
  const { pending, error, fields, submit, ready } = useFormSubmit({ fieldNames: ["email", "password"] });

  const onSubmit = submit(async (form) => {
    const response = await accountApi.login(text(form, "email"), text(form, "password"));
    signIn(response);
    toast({ title: "Login success", type: "success" });
    router.replace(nextPath());
    router.refresh();
  });

  return (
    <form onSubmit={onSubmit} method="post" data-testid="login-form">
      <FormError message={error} />
      <div className="flex flex-col gap-5">
        <RememberedEmailField error={fields.email} />
        <div>
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            required
            error={fields.password}
          />
          <p className="mt-2 text-right text-sm">
            <Link href="/forgot-password" className="font-medium text-olive-700 underline-offset-4 hover:underline">
              Forgot your password?
            </Link>
          </p>
        </div>
        <button type="submit" className="btn-primary w-full" disabled={pending || !ready} aria-busy={pending}>
          {pending ? "Logging in" : "Login"}
        </button>
      </div>
    </form>
  );
}
