"use client";

import { useId, useRef, useState } from "react";

export type TabItem = { id: string; label: string; content: React.ReactNode };

/** WAI-ARIA tabs: arrow keys move between tabs; every panel is in the HTML for search engines. */
export function Tabs({ tabs, label }: { tabs: TabItem[]; label: string }) {
  const [active, setActive] = useState(0);
  const base = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const move = (to: number) => {
    const next = (to + tabs.length) % tabs.length;
    setActive(next);
    refs.current[next]?.focus();
  };
  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        className="grid grid-cols-2 border-b border-ink/10 sm:flex sm:gap-1 sm:overflow-x-auto"
      >
        {tabs.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            role="tab"
            type="button"
            id={`${base}-tab-${t.id}`}
            aria-selected={i === active}
            aria-controls={`${base}-panel-${t.id}`}
            tabIndex={i === active ? 0 : -1}
            onClick={() => setActive(i)}
            onKeyDown={(e) => {
              if (e.key === "ArrowRight") move(i + 1);
              else if (e.key === "ArrowLeft") move(i - 1);
              else if (e.key === "Home") move(0);
              else if (e.key === "End") move(tabs.length - 1);
            }}
            className={`-mb-px min-w-0 shrink-0 border-b-2 px-2 py-3 text-center text-sm font-semibold sm:whitespace-nowrap sm:px-4 sm:text-left ${
              i === active ? "border-olive-700 text-ink" : "border-transparent text-stone-600 hover:text-ink"
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tabs.map((t, i) => (
        <div
          key={t.id}
          role="tabpanel"
          id={`${base}-panel-${t.id}`}
          aria-labelledby={`${base}-tab-${t.id}`}
          hidden={i !== active}
          tabIndex={0}
          className="py-6"
        >
          {t.content}
        </div>
      ))}
    </div>
  );
}
