import type { Metadata } from "next";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { pageMetadata } from "@/lib/seo/metadata";

export const metadata: Metadata = pageMetadata({
  title: "Change password",
  path: "/my-account/change-password",
  noindex: true,
});

export default function ChangePasswordPage() {
  return (
    <>
      <h1 className="text-3xl text-ink sm:text-4xl">Change password</h1>
      <p className="mt-2 max-w-prose text-stone-700">
        Enter your current password, then the new one. Any other phone or computer signed in to your account will be
        logged out.
      </p>
      <div className="mt-8 rounded-card border border-ink/10 bg-white p-5 sm:p-8">
        <ChangePasswordForm />
      </div>
    </>
  );
}
