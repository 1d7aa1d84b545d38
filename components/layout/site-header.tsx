import Link from "next/link";
import { SiteLogo } from "@/components/layout/site-logo";
import { MenuCloser } from "@/components/layout/menu-closer";
import { CATEGORY_LINKS, PROMO_LINKS } from "@/components/layout/nav-links";
import { AccountLink } from "@/components/account/account-link";
import { CartButton } from "@/components/cart/cart-button";
import { SearchButton } from "@/components/search/search-button";
import { SavedLink } from "@/components/saved/saved-link";
import { MenuIcon, TruckIcon } from "@/components/ui/icons";
import { DELIVERY_TIME } from "@/lib/delivery/config";

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-ink/10 bg-canvas/95 backdrop-blur supports-[backdrop-filter]:bg-canvas/85">
      <div className="bg-olive-800 text-oat-100">
        {/* One line at every width: a phone gets the short form, and anything narrower is cut with an ellipsis. */}
        <p
          className="container-page flex items-center justify-center gap-2 whitespace-nowrap py-1.5 text-center text-xs font-medium tracking-wide"
          data-testid="header-strip"
        >
          <TruckIcon width={16} height={16} className="shrink-0" aria-hidden />
          <span className="min-w-0 overflow-hidden text-ellipsis">
            <span className="sm:hidden">Free delivery in {DELIVERY_TIME}</span>
            <span className="hidden sm:inline">
              Free delivery nationwide · Delivered in {DELIVERY_TIME} · VAT included
            </span>
          </span>
        </p>
      </div>
      <div className="container-page flex h-16 items-center gap-4">
        <details className="group relative lg:hidden">
          <summary
            className="-ml-2 flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-md hover:bg-oat-100 [&::-webkit-details-marker]:hidden"
            aria-label="Menu"
          >
            <MenuIcon />
          </summary>
          <MenuCloser>
            <nav
              aria-label="Mobile"
              className="absolute left-0 top-12 w-72 rounded-lg border border-ink/10 bg-white p-2 shadow-xl"
            >
              <ul>
                {[...CATEGORY_LINKS, ...PROMO_LINKS].map((l) => (
                  <li key={l.href}>
                    <Link href={l.href} className="block rounded-md px-3 py-2.5 text-sm font-medium hover:bg-oat-100">
                      {l.label}
                    </Link>
                  </li>
                ))}
                <li className="mt-1 border-t border-ink/10 pt-1">
                  <AccountLink variant="menu" />
                </li>
              </ul>
            </nav>
          </MenuCloser>
        </details>
        <SiteLogo />
        <nav aria-label="Main" className="ml-6 hidden flex-1 lg:block">
          <ul className="flex items-center gap-1 text-sm font-medium">
            {CATEGORY_LINKS.map((l) => (
              <li key={l.href}>
                <Link href={l.href} className="rounded-md px-3 py-2 hover:bg-oat-100">
                  {l.label}
                </Link>
              </li>
            ))}
            <li aria-hidden className="mx-2 h-5 w-px bg-ink/15" />
            {PROMO_LINKS.map((l) => (
              <li key={l.href}>
                <Link
                  href={l.href}
                  className={`rounded-md px-3 py-2 hover:bg-oat-100 ${l.label === "Get a Free Ottoman" ? "text-terracotta-700" : ""}`}
                >
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <SearchButton />
          <AccountLink variant="bar" />
          <SavedLink />
          <CartButton />
        </div>
      </div>
    </header>
  );
}
