"use client";

import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import type { ConsentCategory, ConsentChoice, Grants } from "@/lib/analytics/consent";
import { SITE, infoPath } from "@/lib/config/site";

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

type Props = {
  offered: readonly ConsentCategory[];
  choice: ConsentChoice | null;
  /** Opened from Cookie settings: the per-category choices show and take focus. */
  settingsOpen: boolean;
  onChoose: (granted: Partial<Grants>) => void;
  /** Only once a choice exists: closing keeps it. */
  onClose?: () => void;
};

/** The POPIA cookie notice: a banner at the foot of the screen that never blocks the page. */
export function CookieBanner({ offered, choice, settingsOpen, onChoose, onClose }: Props) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [chosenToExpand, setExpanded] = useState(false);
  const expanded = chosenToExpand || settingsOpen;
  const [granted, setGranted] = useState<Partial<Grants>>(() => ({ ...choice?.granted }));

  useEffect(() => {
    if (settingsOpen) heading.current?.focus();
  }, [settingsOpen]);

  useEffect(() => {
    if (!onClose) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onClose]);

  const all = Object.fromEntries(offered.map((c) => [c, true])) as Partial<Grants>;
  const panelId = `${id}-choices`;

  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="cookie-banner"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 p-2 sm:p-4"
    >
      <div className="pointer-events-auto mx-auto max-h-[85dvh] max-w-3xl overflow-y-auto rounded-card border border-ink/10 bg-white p-4 shadow-[0_-8px_40px_rgba(35,32,29,0.18)] sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="text-lg text-ink outline-none sm:text-xl">
            Cookies, your choice
          </h2>
          {onClose ? (
            <button
              type="button"
              onClick={onClose}
              className="-mr-2 -mt-1 rounded-md px-2 py-1 text-sm font-semibold text-stone-700 hover:bg-oat-100 hover:text-ink"
              data-testid="cookie-close"
            >
              Close
            </button>
          ) : null}
        </div>
        <p className="mt-2 text-sm leading-relaxed text-stone-700">
          {SITE.name} uses a few necessary cookies to keep your cart and sign-in working. With your permission we would
          also use{" "}
          {offered.length === 2
            ? "analytics and marketing cookies"
            : offered[0] === "analytics"
              ? "analytics cookies"
              : "marketing cookies"}
          ; nothing more is set until you say so. Change your mind any time under Cookie settings at the foot of the
          page.{" "}
          <Link
            href={infoPath("privacy-policy")}
            prefetch={false}
            className="font-medium text-ink underline underline-offset-2"
          >
            Our privacy policy
          </Link>
        </p>

        {expanded ? (
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
        ) : null}

        <div className="mt-4 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
          <button
            type="button"
            className="btn-primary py-2.5"
            onClick={() => onChoose(all)}
            data-testid="cookie-accept-all"
          >
            Accept all
          </button>
          <button
            type="button"
            className="btn-secondary py-2.5"
            onClick={() => onChoose({})}
            data-testid="cookie-necessary-only"
          >
            Necessary only
          </button>
          {expanded ? (
            <button
              type="button"
              className="btn-secondary col-span-2 py-2.5"
              onClick={() => onChoose(granted)}
              data-testid="cookie-save"
            >
              Save my choices
            </button>
          ) : (
            <button
              type="button"
              className="col-span-2 rounded-md px-3 py-2.5 text-sm font-semibold text-olive-700 underline underline-offset-4 hover:text-olive-800 sm:ml-1"
              onClick={() => {
                setExpanded(true);
                // The button gives way to the choices: focus moves to the first one.
                requestAnimationFrame(() =>
                  document.querySelector<HTMLInputElement>(`#${CSS.escape(panelId)} input:not([disabled])`)?.focus(),
                );
              }}
              data-testid="cookie-choose"
            >
              Choose cookies
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
