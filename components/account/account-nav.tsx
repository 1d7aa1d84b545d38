"use client";

import { Suspense } from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { LogoutButton } from "@/components/account/logout-button";
import { ACCOUNT_ORDER_PAGE } from "@/lib/orders/urls";

const LINKS = [
  { href: "/my-account", label: "Overview" },
  { href: "/my-account/orders", label: "Orders" },
  { href: "/my-account/change-password", label: "Change password" },
] as const;

function isCurrent(href: string, pathname: string | null): boolean {
  if (!pathname) return false;
  if (href === "/my-account") return pathname === href;
  return pathname.startsWith(href) || (href === "/my-account/orders" && ACCOUNT_ORDER_PAGE.test(pathname));
}

function NavList({ pathname }: { pathname: string | null }) {
  return (
    <nav aria-label="Account">
      <ul className="grid grid-cols-2 gap-1 rounded-card border border-ink/10 bg-white p-1.5 text-sm font-medium sm:flex sm:flex-wrap lg:flex-col lg:p-2">
        {LINKS.map((l) => (
          <li key={l.href}>
            <Link
              href={l.href}
              aria-current={isCurrent(l.href, pathname) ? "page" : undefined}
              className="block rounded-md px-3 py-2 text-stone-700 hover:bg-oat-100 hover:text-ink aria-[current=page]:bg-olive-50 aria-[current=page]:text-olive-800"
            >
              {l.label}
            </Link>
          </li>
        ))}
        <li className="lg:mt-1 lg:border-t lg:border-ink/10 lg:pt-1">
          <LogoutButton className="block w-full rounded-md px-3 py-2 text-left text-stone-700 hover:bg-oat-100 hover:text-ink disabled:opacity-60" />
        </li>
      </ul>
    </nav>
  );
}

function CurrentNav() {
  return <NavList pathname={usePathname()} />;
}

/** The account area's menu; on a dynamic address the current page is marked once the request arrives. */
export function AccountNav() {
  return (
    <Suspense fallback={<NavList pathname={null} />}>
      <CurrentNav />
    </Suspense>
  );
}
