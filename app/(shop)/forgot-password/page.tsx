import type { Metadata } from "next";
import Link from "next/link";
import { AuthShell } from "@/components/account/auth-shell";
import { ForgotPasswordForm } from "@/components/account/forgot-password-form";
import { pageMetadata } from "@/lib/seo/metadata";
import { RESET_CODE_DIGITS } from "@/lib/auth/register-fields";

export const metadata: Metadata = pageMetadata({
  title: "Forgot your password?",
  path: "/forgot-password",
  noindex: true,
});

export default function ForgotPasswordPage() {
  return (
    <AuthShell
      title="Forgot your password?"
      intro={`No problem. Enter the e-mail address of your account and we will send you a ${RESET_CODE_DIGITS}-digit code to choose a new one.`}
      footer={
        <p>
          Remembered it?{" "}
          <Link href="/login" className="font-semibold text-olive-700 underline-offset-4 hover:underline">
            Back to login
          </Link>
        </p>
      }
    >
      <ForgotPasswordForm />
    </AuthShell>
  );
}
