import { SafeLink } from "@/components/ui/safe-link";
import { SiteLogo } from "@/components/layout/site-logo";
import { CATEGORY_LINKS } from "@/components/layout/nav-links";
import { CLAIMS, SITE, SOCIAL_LINKS, infoPath } from "@/lib/config/site";
import { CookieSettingsButton } from "@/components/analytics/cookie-settings-button";
import { CompanyDetails } from "@/components/layout/company-details";
import { CurrentYear } from "@/components/layout/current-year";
import { PaymentBadges } from "@/components/layout/payment-badges";

const HELP_LINKS = [
  { href: infoPath("shipping-and-returns"), label: "Shipping & returns" },
  { href: infoPath("payment-methods"), label: "Payment methods" },
  { href: infoPath("faqs"), label: "FAQs" },
  { href: infoPath("contact-us"), label: "Contact us" },
];
const ABOUT_LINKS = [
  { href: infoPath("about-us"), label: "About us" },
  { href: infoPath("our-fabrics"), label: "Our fabrics" },
  { href: "/blog", label: "Journal" },
  { href: infoPath("terms-and-conditions"), label: "Terms & conditions" },
  { href: infoPath("privacy-policy"), label: "Privacy policy" },
];

export function SiteFooter({ newsletterSlot }: { newsletterSlot?: React.ReactNode }) {
  return (
    <footer className="border-t border-ink/10 bg-oat-100">
      <div className="container-page">
        {/* A page that tells the claims in full (the home page's commitment section) is not told them twice. */}
        <ul
          className="grid grid-cols-2 gap-x-6 gap-y-5 border-b border-ink/10 py-10 sm:grid-cols-4 lg:grid-cols-7 [main:has(#commitment)~footer_&]:hidden"
          data-testid="footer-claims"
        >
          {CLAIMS.map((c) => (
            <li key={c.title}>
              <p className="text-sm font-semibold text-ink">{c.title}</p>
              <p className="mt-1 text-xs leading-relaxed text-stone-600">{c.text}</p>
            </li>
          ))}
        </ul>
        <div className="grid grid-cols-1 gap-10 py-12 md:grid-cols-[1.4fr_1fr_1fr_1fr]">
          <div className="min-w-0">
            <SiteLogo />
            <p className="mt-3 max-w-xs text-sm leading-relaxed text-stone-600">{SITE.tagline}</p>
            <p className="mt-4 text-sm text-stone-700">
              {/* py-1 makes each a 24 px target: the lines sit too close to count as spaced apart. */}
              <SafeLink className="inline-block py-1 underline-offset-4 hover:underline" href={`mailto:${SITE.email}`}>
                {SITE.email}
              </SafeLink>
              <br />
              <SafeLink
                className="inline-block py-1 underline-offset-4 hover:underline"
                href={`tel:${SITE.phone.replace(/\s+/g, "")}`}
              >
                {SITE.phone}
              </SafeLink>
            </p>
            {SOCIAL_LINKS.length ? (
              <ul
                aria-label={`${SITE.name} elsewhere`}
                className="mt-2 flex flex-wrap gap-x-4 text-sm"
                data-testid="social-links"
              >
                {SOCIAL_LINKS.map((l) => (
                  <li key={l.label}>
                    <SafeLink
                      href={l.href}
                      external
                      className="inline-block py-1 font-medium text-stone-700 underline underline-offset-4 hover:text-ink"
                    >
                      {l.label}
                    </SafeLink>
                  </li>
                ))}
              </ul>
            ) : null}
            <div className="mt-4 max-w-xs">
              <CompanyDetails />
            </div>
            {newsletterSlot}
          </div>
          <FooterColumn title="Shop" links={CATEGORY_LINKS} />
          <FooterColumn title="Help" links={HELP_LINKS} />
          <FooterColumn title={SITE.name} links={ABOUT_LINKS} />
        </div>
        <div className="flex flex-col gap-3 border-t border-ink/10 py-6 text-xs text-stone-600 sm:flex-row sm:items-center sm:justify-between">
          <p>
            © <CurrentYear /> {SITE.name}. Prices in rand, VAT included. Buyers must be 18 or older.{" "}
            <CookieSettingsButton className="inline-block py-1 underline underline-offset-4 hover:text-ink" />
          </p>
          <PaymentBadges />
        </div>
      </div>
    </footer>
  );
}

function FooterColumn({ title, links }: { title: string; links: ReadonlyArray<{ href: string; label: string }> }) {
  return (
    <nav aria-label={title}>
      <h2 className="font-sans text-sm font-semibold tracking-normal text-ink">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((l) => (
          <li key={l.href}>
            <SafeLink href={l.href} className="text-stone-700 underline-offset-4 hover:text-ink hover:underline">
              {l.label}
            </SafeLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
