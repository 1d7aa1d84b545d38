import Link from "next/link";
import { CookieSettingsButton } from "@/components/analytics/cookie-settings-button";
import { CurrentYear } from "@/components/layout/current-year";
import { SiteLogo } from "@/components/layout/site-logo";
import { ShieldIcon } from "@/components/ui/icons";
import { SITE, infoPath } from "@/lib/config/site";

/** The order layout: checkout without the shop's distractions. */
export function OrderChrome({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <header className="border-b border-ink/10 bg-canvas">
        <div className="container-page flex h-16 items-center justify-between">
          <SiteLogo />
          <p className="flex items-center gap-2 text-sm font-medium text-stone-700">
            <ShieldIcon width={18} height={18} /> Secure checkout
          </p>
        </div>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <footer className="border-t border-ink/10 bg-canvas py-6 text-xs text-stone-600">
        <div className="container-page flex flex-wrap justify-between gap-3">
          <p>
            © <CurrentYear /> {SITE.name}. VAT included.
          </p>
          <p className="flex flex-wrap gap-x-4 gap-y-1">
            <Link href={infoPath("shipping-and-returns")} className="hover:underline">
              Shipping &amp; returns
            </Link>
            <Link href={infoPath("privacy-policy")} className="hover:underline">
              Privacy
            </Link>
            <Link href={infoPath("terms-and-conditions")} className="hover:underline">
              Terms
            </Link>
            <CookieSettingsButton className="hover:underline" />
          </p>
        </div>
      </footer>
    </div>
  );
}
