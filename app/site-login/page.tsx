import type { Metadata } from "next";
import { SiteLoginForm } from "@/components/account/site-login-form";
import { SiteLogo } from "@/components/layout/site-logo";
import { SITE } from "@/lib/config/site";
import { pageMetadata } from "@/lib/seo/metadata";

export const metadata: Metadata = pageMetadata({ title: "Site Login", path: "/site-login", noindex: true });

/** The site gate's screen: shown by proxy.ts in place of every page while SITE_PASSWORD is set. */
export default function SiteLoginPage() {
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-oat-100 px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="flex justify-center">
          <SiteLogo />
        </div>
        <section className="mt-8 rounded-card border border-ink/10 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-center text-3xl text-ink">Site Login</h1>
          <p className="mt-2 text-center text-sm leading-relaxed text-stone-700">
            {SITE.name} is open by invitation for now. Enter the password to continue.
          </p>
          <div className="mt-6">
            <SiteLoginForm />
          </div>
        </section>
        <p className="mt-6 text-center text-xs text-stone-600">{SITE.tagline}</p>
      </div>
    </main>
  );
}
