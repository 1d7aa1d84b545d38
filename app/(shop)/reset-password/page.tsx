import type { Metadata } from "next";
import Link from "next/link";
import { AuthShell } from "@/components/account/auth-shell";
import { ResetPasswordForm } from "@/components/account/reset-password-form";
import { pageMetadata } from "@/lib/seo/metadata";
import { RESET_CODE_DIGITS } from "@/lib/auth/register-fields";
import { RESET_CODE_MINUTES } from "@/lib/auth/password-reset";

export const metadata: Metadata = pageMetadata({ title: "Set a new password", path: "/reset-password", noindex: true });

export default function ResetPasswordPage() {
  return (
    <AuthShell
      title="Set a new password"
      intro={`If the address has an account with us, we have e-mailed it a ${RESET_CODE_DIGITS}-digit code. Enter it with your new password. The code works once, for ${RESET_CODE_MINUTES} minutes.`}
      footer={
        <p>
          No e-mail after a few minutes? Check your spam folder, or{" "}
          <Link href="/forgot-password" className="font-semibold text-olive-700 underline-offset-4 hover:underline">
            send a new code
          </Link>
          .
        </p>
      }
    >
      <ResetPasswordForm codeMinutes={RESET_CODE_MINUTES} />
    </AuthShell>
  );
}
