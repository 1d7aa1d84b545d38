"use client";

import { Suspense, useId, useState } from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { LogoutButton } from "@/components/account/logout-button";
import type { AdminSection } from "@/lib/admin/paths";
import { SITE } from "@/lib/config/site";

type Props = { sections: readonly Pick<AdminSection, "href" | "label">[]; staffName: string; role: string };

function isCurrent(href: string, pathname: string | null): boolean {
  if (!pathname) return false;
  return href === "/admin" ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
}

const ITEM =
  "flex min-h-11 items-center rounded-md px-3 py-2 text-sm font-medium text-oat-100/85 hover:bg-white/10 hover:text-white aria-[current=page]:bg-oat-100 aria-[current=page]:text-ink";

function Links({ sections, pathname }: { sections: Props["sections"]; pathname: string | null }) {
  return (
    <ul className="grid gap-0.5">
      {sections.map((s) => (
        <li key={s.href}>
          <Link href={s.href} aria-current={isCurrent(s.href, pathname) ? "page" : undefined} className={ITEM}>
            {s.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function CurrentLinks({ sections }: { sections: Props["sections"] }) {
  return <Links sections={sections} pathname={usePathname()} />;
}

/** The back office's menu: a sidebar on a wide screen, a menu button on a phone. */
export function AdminNav({ sections, staffName, role }: Props) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  return (
    <div className="bg-olive-800 text-oat-100 lg:sticky lg:top-0 lg:flex lg:h-dvh lg:flex-col">
      <div className="flex items-center justify-between gap-3 px-4 py-3 lg:px-5 lg:py-5">
        <Link href="/admin" className="font-display text-lg font-semibold text-white">
          {SITE.name} back office
        </Link>
        <button
          type="button"
          className="min-h-11 rounded-md border border-oat-100/40 px-3 text-sm font-semibold text-white hover:bg-white/10 lg:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? "Close menu" : "Menu"}
        </button>
      </div>
      <nav
        id={menuId}
        aria-label="Back office"
        className={`${open ? "block" : "hidden"} px-3 pb-4 lg:block lg:flex-1 lg:overflow-y-auto`}
        onClick={() => setOpen(false)}
      >
        <Suspense fallback={<Links sections={sections} pathname={null} />}>
          <CurrentLinks sections={sections} />
        </Suspense>
        <div className="mt-4 border-t border-oat-100/20 pt-3 text-sm">
          <p className="px-3 text-oat-100/80">
            {staffName} <span className="text-oat-100/60">· {role}</span>
          </p>
          <Link href="/" className={ITEM}>
            View the shop
          </Link>
          <Link href="/my-account/change-password" className={ITEM}>
            Change your password
          </Link>
          <LogoutButton className={`${ITEM} w-full text-left`} />
        </div>
      </nav>
    </div>
  );
}
