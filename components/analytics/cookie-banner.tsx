"use client";

import { useEffect, useId, useRef, useState } from "react";
import type { ConsentCategory, ConsentChoice, Grants, NoticeAction } from "@/lib/analytics/consent";
import { CookieNoticeView } from "@/components/analytics/cookie-notice";

const CATEGORY_TEXT: Record<ConsentCategory, { label: string; text: string }> = {
  analytics: {
    label: "Analytics",
    text: "Google Tag Manager and the analytics it runs: which pages are visited and what goes into carts, so we can make the shop better.",
  },
  marketing: {
    label: "Marketing",
    text: "The Meta pixel: tells us which of our adverts on Facebook and Instagram bring you here, and lets them show you relevant ones.",
  },
};

/** The button gives way to the choices: focus moves to the first one (once drawn). */
function focusFirstChoice(panelId: string) {
  requestAnimationFrame(() =>
    document.querySelector<HTMLInputElement>(`#${CSS.escape(panelId)} input:not([disabled])`)?.focus(),
  );
}

type Props = {
  offered: readonly ConsentCategory[];
  choice: ConsentChoice | null;
  /** Opened from Cookie settings: the per-category choices show and take focus. */
  settingsOpen: boolean;
  /** "Choose cookies" was pressed on the server's copy of the notice: open with the choices, focus on the first. */
  expand?: boolean;
  onChoose: (granted: Partial<Grants>) => void;
  /** Only once a choice exists: closing keeps it. */
  onClose?: () => void;
};

/** The POPIA cookie notice with its per-category choices (the markup is `cookie-notice.tsx`'s). */
export function CookieBanner({ offered, choice, settingsOpen, expand = false, onChoose, onClose }: Props) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [chosenToExpand, setExpanded] = useState(expand);
  const expanded = chosenToExpand || settingsOpen;
  const [granted, setGranted] = useState<Partial<Grants>>(() => ({ ...choice?.granted }));
  const panelId = `${id}-choices`;

  useEffect(() => {
    if (settingsOpen) heading.current?.focus();
  }, [settingsOpen]);

  // Opened by "Choose cookies" on the server's copy: focus goes where a press here would take it.
  const [expandedOnOpen] = useState(expand && !settingsOpen);
  useEffect(() => {
    if (expandedOnOpen) focusFirstChoice(panelId);
  }, [expandedOnOpen, panelId]);

  useEffect(() => {
    if (!onClose) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onClose]);

  const all = Object.fromEntries(offered.map((c) => [c, true])) as Partial<Grants>;
  const onAction = (action: NoticeAction) => {
    if (action === "accept") onChoose(all);
    else if (action === "necessary") onChoose({});
    else if (action === "save") onChoose(granted);
    else {
      setExpanded(true);
      focusFirstChoice(panelId);
    }
  };

  return (
    <CookieNoticeView
      offered={offered}
      titleId={`${id}-title`}
      headingRef={heading}
      onAction={onAction}
      close={
        onClose ? (
          <button
            type="button"
            onClick={onClose}
            className="-mr-2 -mt-1 rounded-md px-2 py-1 text-sm font-semibold text-stone-700 hover:bg-oat-100 hover:text-ink"
            data-testid="cookie-close"
          >
            Close
          </button>
        ) : null
      }
      choices={
        expanded ? (
          <fieldset id={panelId} className="mt-4 space-y-3 border-t border-ink/10 pt-4" data-testid="cookie-choices">
            <legend className="sr-only">Cookies to allow</legend>
            <label className="flex gap-3 text-sm">
              <input type="checkbox" checked disabled className="mt-0.5 h-4 w-4 shrink-0 accent-olive-700" />
              <span>
                <span className="font-semibold text-ink">Necessary</span>{" "}
                <span className="text-stone-600">(always on)</span>
                <span className="mt-0.5 block text-stone-700">
                  Your cart, sign-in and the site&apos;s security. The shop cannot work without them.
                </span>
              </span>
            </label>
            {offered.map((c) => (
              <label key={c} className="flex cursor-pointer gap-3 text-sm">
                <input
                  type="checkbox"
                  name={c}
                  checked={granted[c] === true}
                  onChange={(e) => setGranted((g) => ({ ...g, [c]: e.target.checked }))}
                  className="mt-0.5 h-4 w-4 shrink-0 accent-olive-700"
                  data-testid={`cookie-${c}`}
                />
                <span>
                  <span className="font-semibold text-ink">{CATEGORY_TEXT[c].label}</span>
                  <span className="mt-0.5 block text-stone-700">{CATEGORY_TEXT[c].text}</span>
                </span>
              </label>
            ))}
          </fieldset>
        ) : null
      }
    />
  );
}
