import Link from "next/link";

export type ListTab = {
  label: string;
  href: string;
  current: boolean;
  /** How many rows the tab holds, beside its label. */
  count?: number;
  /** Something waiting in the tab ("3 open"), as a badge. */
  note?: string;
};

const PILL =
  "inline-flex min-h-11 items-center rounded-full border border-ink/15 bg-white px-4 text-sm font-medium text-ink hover:border-olive-700 aria-[current=page]:border-olive-800 aria-[current=page]:bg-olive-800 aria-[current=page]:text-white";
const COUNTED =
  "inline-flex min-h-10 items-center gap-1.5 rounded-full border border-ink/15 bg-white px-3 hover:border-ink/40 aria-[current=page]:border-olive-700 aria-[current=page]:bg-olive-700 aria-[current=page]:text-white";

function TabLink({ tab, className }: { tab: ListTab; className: string }) {
  return (
    <Link href={tab.href} aria-current={tab.current ? "page" : undefined} className={className}>
      {tab.label}
      {tab.count !== undefined ? (
        <>
          {" "}
          <span className="tabular-nums opacity-80">{tab.count}</span>
        </>
      ) : null}
      {tab.note ? (
        <span className="ml-2 rounded-full bg-amber-100 px-2 text-xs font-semibold text-amber-900">{tab.note}</span>
      ) : null}
    </Link>
  );
}

/**
 * Links between a list's views (its states, or the lists of a page), the current one marked. Tabs
 * with counts scroll sideways on a phone as one row; the others wrap.
 */
export function ListTabs({ label, tabs }: { label: string; tabs: readonly ListTab[] }) {
  if (tabs.some((t) => t.count !== undefined))
    return (
      <nav aria-label={label} className="-mx-4 mb-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="flex gap-2 whitespace-nowrap text-sm">
          {tabs.map((t) => (
            <li key={t.label}>
              <TabLink tab={t} className={COUNTED} />
            </li>
          ))}
        </ul>
      </nav>
    );
  return (
    <nav aria-label={label} className="mb-4 flex flex-wrap gap-2">
      {tabs.map((t) => (
        <TabLink key={t.label} tab={t} className={PILL} />
      ))}
    </nav>
  );
}
