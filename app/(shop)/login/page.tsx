import type { Metadata } from "next";
import Link from "next/link";
import { AuthShell } from "@/components/account/auth-shell";
import { LoginForm } from "@/components/account/login-form";
import { SITE } from "@/lib/config/site";
import { pageMetadata } from "@/lib/seo/metadata";

export const metadata: Metadata = pageMetadata({ title: "Login", path: "/login", noindex: true });

export default function LoginPage() {
  return (
    <AuthShell
      title="Welcome back"
      intro="Log in to follow your orders and check out faster."
      footer={
        <p>
          New to {SITE.name}?{" "}
          <Link href="/create-account" className="font-semibold text-olive-700 underline-offset-4 hover:underline">
            Create an account
          </Link>
        </p>
      }
    >
      <LoginForm />
    </AuthShell>
  );
}
