"use client";

import { useId, useState } from "react";
import { ChevronDownIcon } from "@/components/ui/icons";

/*
 * Open or shut as last left, per `rememberAs`, for the life of the page: each sort or filter of a
 * category is a page of its own, so without it the panel would shut after every choice.
 */
const remembered = new Map<string, boolean>();

/** Collapsed behind a button on small screens, always open from `lg` up. */
export function MobileDisclosure({
  label,
  aside,
  children,
  rememberAs,
}: {
  label: string;
  aside?: React.ReactNode;
  children: React.ReactNode;
  rememberAs?: string;
}) {
  const [open, setOpenState] = useState(() => (rememberAs ? (remembered.get(rememberAs) ?? false) : false));
  const setOpen = (next: boolean) => {
    setOpenState(next);
    if (rememberAs) remembered.set(rememberAs, next);
  };
  const id = useId();
  return (
    <div className="rounded-card border border-ink/10 bg-white p-4 lg:border-0 lg:bg-transparent lg:p-0">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        className="flex w-full items-center justify-between text-sm font-semibold lg:hidden"
      >
        {label}
        <span className="flex items-center gap-2 text-xs font-normal text-stone-600">
          {aside}
          <ChevronDownIcon width={16} height={16} className={open ? "rotate-180" : ""} />
        </span>
      </button>
      <div id={id} className={`${open ? "mt-4 block" : "hidden"} lg:mt-0 lg:block`}>
        {children}
      </div>
    </div>
  );
}
