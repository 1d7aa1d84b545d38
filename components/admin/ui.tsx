import Link from "next/link";
import type { ReactNode } from "react";

/** The back office's building blocks: one look for every section. */

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <h1 className="text-2xl text-ink sm:text-3xl">{title}</h1>
        {description ? <p className="mt-1 text-sm text-stone-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}

/** The link above a detail page's header back to its list: "← All coupons". */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p className="mb-2 text-sm">
      <Link href={href} className="inline-flex min-h-6 items-center text-olive-800 underline-offset-4 hover:underline">
        ← {children}
      </Link>
    </p>
  );
}

export function Card({
  title,
  children,
  className = "",
  actions,
}: {
  title?: string;
  children: ReactNode;
  className?: string;
  actions?: ReactNode;
}) {
  return (
    <section
      className={`min-w-0 rounded-card border border-ink/10 bg-white p-4 shadow-sm sm:p-5 ${className}`}
      aria-label={title}
    >
      {title ? (
        <div className="mb-3 flex items-center justify-between gap-2">
          <h2 className="font-sans text-sm font-semibold uppercase tracking-[0.08em] text-stone-600">{title}</h2>
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}

export function Stat({
  label,
  value,
  href,
  note,
}: {
  label: string;
  value: ReactNode;
  href?: string;
  note?: ReactNode;
}) {
  const body = (
    <>
      <span className="block text-xs font-semibold uppercase tracking-[0.08em] text-stone-600">{label}</span>
      <span className="mt-1 block font-display text-2xl text-ink sm:text-3xl">{value}</span>
      {note ? <span className="mt-1 block text-xs text-stone-600">{note}</span> : null}
    </>
  );
  const box = "block min-w-0 rounded-card border border-ink/10 bg-white p-4 shadow-sm";
  return href ? (
    <Link href={href} className={`${box} hover:border-olive-700/50 hover:bg-olive-50/40`}>
      {body}
    </Link>
  ) : (
    <div className={box}>{body}</div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-card border border-dashed border-ink/15 bg-white px-4 py-8 text-center text-sm text-stone-600">
      {children}
    </p>
  );
}

/**
 * Tables scroll sideways inside their card on a phone instead of squeezing their columns. The box is
 * the containing block of visually hidden headers too, which would otherwise widen the page.
 */
export function TableScroll({ children, label }: { children: ReactNode; label: string }) {
  return (
    <div className="relative -mx-4 overflow-x-auto sm:mx-0" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

export const TABLE = "w-full min-w-[640px] border-collapse text-left text-sm";
/** A table of a few short columns (an order's items), which fits a phone without scrolling. */
export const TABLE_NARROW = "w-full min-w-[18rem] border-collapse text-left text-sm";
export const TH =
  "border-b border-ink/10 bg-oat-50 px-3 py-2 text-xs font-semibold uppercase tracking-[0.06em] text-stone-600";
export const TD = "border-b border-ink/5 px-3 py-2.5 align-top";

export const INPUT =
  "min-h-11 w-full rounded-md border border-ink/20 bg-white px-3 py-2 text-sm text-ink placeholder:text-stone-500 focus:border-olive-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-olive-700/40";
export const LABEL = "mb-1 block text-xs font-semibold text-stone-700";
export const BUTTON = "btn-primary min-h-11 px-4 py-2";
export const BUTTON_SECONDARY = "btn-secondary min-h-11 px-4 py-2";
export const BUTTON_DANGER = "btn min-h-11 border border-danger/40 bg-white px-4 py-2 text-danger hover:bg-danger/5";

export function AdminSkeleton({ label = "Loading" }: { label?: string }) {
  return (
    <div aria-busy="true" aria-label={label} className="animate-pulse space-y-4">
      <div className="h-8 w-48 rounded bg-oat-200" />
      <div className="h-32 rounded-card bg-oat-100" />
      <div className="h-64 rounded-card bg-oat-100" />
    </div>
  );
}
