"use client";

import { useEffect } from "react";
import Link from "next/link";
import { ACCOUNT_LINK } from "@/components/layout/nav-links";
import { UserIcon } from "@/components/ui/icons";
import { accountApi } from "@/lib/auth/account-api";
import { asApiCallError } from "@/lib/http/api-client";
import { useCustomerStore, useHydrated } from "@/stores/customer";

let refreshed = false;

/**
 * On start, a remembered customer's token is refreshed (rolling expiry); a session
 * that has ended meanwhile forgets the customer. Once per page load, however many links mount.
 */
function useStartRefresh() {
  useEffect(() => {
    if (refreshed) return;
    refreshed = true;
    const { customer, signIn, clear } = useCustomerStore.getState();
    if (!customer) return;
    accountApi.refreshToken().then(signIn, (err) => {
      if (asApiCallError(err).status === 401) clear();
    });
  }, []);
}

/**
 * The header's account link: "Login" for visitors, "My account" once signed in. Never prefetched:
 * what /my-account answers (the page, or a redirect to log in) changes when the visitor signs in.
 */
export function AccountLink({ variant }: { variant: "bar" | "menu" }) {
  useStartRefresh();
  const hydrated = useHydrated();
  const signedIn = useCustomerStore((s) => s.customer !== null);
  const label = hydrated && signedIn ? "My account" : ACCOUNT_LINK.label;
  if (variant === "menu") {
    return (
      <Link
        href={ACCOUNT_LINK.href}
        prefetch={false}
        className="block rounded-md px-3 py-2.5 text-sm font-medium hover:bg-oat-100"
        data-testid="account-link-menu"
        // The menu is a <details> that outlives the navigation; fold it away behind us.
        onClick={(e) => e.currentTarget.closest("details")?.removeAttribute("open")}
      >
        {label}
      </Link>
    );
  }
  return (
    <Link
      href={ACCOUNT_LINK.href}
      prefetch={false}
      className="hidden items-center gap-2 rounded-md px-3 py-2 text-sm font-medium hover:bg-oat-100 sm:flex"
      data-testid="account-link"
    >
      <UserIcon width={20} height={20} />
      {label}
    </Link>
  );
}
