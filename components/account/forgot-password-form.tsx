"use client";

import { useRouter } from "next/navigation";
import { FormError, RememberedEmailField } from "@/components/account/field";
import { text } from "@/components/account/account-form";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { accountApi } from "@/lib/auth/account-api";
import { useCustomerStore } from "@/stores/customer";
import { toast } from "@/stores/toast";
import { RESET_CODE_DIGITS } from "@/lib/auth/register-fields";

export function ForgotPasswordForm() {
  const router = useRouter();
  const setEmail = useCustomerStore((s) => s.setEmail);
  const { pending, error, fields, submit, ready } = useFormSubmit({ fieldNames: ["email"] });

  const onSubmit = submit(async (form) => {
    const email = text(form, "email").trim();
    await accountApi.requestResetCode(email);
    setEmail(email);
    toast({
      title: "Email Sent",
      message: `If the address has an account, a ${RESET_CODE_DIGITS}-digit code is on its way.`,
      type: "success",
    });
    router.push("/reset-password");
  });

  return (
    <form onSubmit={onSubmit} method="post" data-testid="forgot-password-form">
      <FormError message={error} />
      <div className="flex flex-col gap-5">
        <RememberedEmailField error={fields.email} />
        <button type="submit" className="btn-primary w-full" disabled={pending || !ready} aria-busy={pending}>
          {pending ? "Sending the code" : "Send me a code"}
        </button>
      </div>
    </form>
  );
}
