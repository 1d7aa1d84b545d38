import type { Metadata } from "next";
import Link from "next/link";
import { AuthShell } from "@/components/account/auth-shell";
import { RegisterForm } from "@/components/account/register-form";
import { infoPath } from "@/lib/config/site";
import { pageMetadata } from "@/lib/seo/metadata";

export const metadata: Metadata = pageMetadata({ title: "Create an account", path: "/create-account", noindex: true });

export default function CreateAccountPage() {
  return (
    <AuthShell
      title="Create an account"
      intro="It takes a minute, and your next order is quicker for it."
      footer={
        <>
          <p>
            Already have an account?{" "}
            <Link href="/login" className="font-semibold text-olive-700 underline-offset-4 hover:underline">
              Log in
            </Link>
          </p>
          <p className="mt-3 text-xs text-stone-600">
            By creating an account you agree to our{" "}
            <Link href={infoPath("terms-and-conditions")} className="underline underline-offset-2">
              terms
            </Link>{" "}
            and{" "}
            <Link href={infoPath("privacy-policy")} className="underline underline-offset-2">
              privacy policy
            </Link>
            . Buyers must be 18 or older.
          </p>
        </>
      }
    >
      <RegisterForm />
    </AuthShell>
  );
}
