import Link from "next/link";
import type { ReactNode, Ref } from "react";
import { type ConsentCategory, NOTICE_ACTION_ATTRIBUTE, type NoticeAction } from "@/lib/analytics/consent";
import { SITE, infoPath } from "@/lib/config/site";

type Props = {
  offered: readonly ConsentCategory[];
  titleId: string;
  headingRef?: Ref<HTMLHeadingElement>;
  /** The Close button: only once a choice exists (closing keeps it). */
  close?: ReactNode;
  /** The per-category choices, when open: "Save my choices" takes the place of "Choose cookies". */
  choices?: ReactNode;
  /**
   * What a button does. Without it (the copy drawn on the server, `notice-in-page.tsx`) the buttons
   * carry their action's name instead, which the consent manager acts on once the page's code has run.
   */
  onAction?: (action: NoticeAction) => void;
};

/**
 * The POPIA cookie notice's markup: a banner at the foot of the screen that never blocks the page.
 * Drawn twice from this one component, so the two never differ by a pixel: by the server into every
 * page's HTML (it paints with the page on a first visit), and by the banner (`cookie-banner.tsx`)
 * when the choices are open.
 */
export function CookieNoticeView({ offered, titleId, headingRef, close, choices, onAction }: Props) {
  const button = (action: NoticeAction) =>
    onAction
      ? { type: "button" as const, onClick: () => onAction(action) }
      : { type: "button" as const, [NOTICE_ACTION_ATTRIBUTE]: action };
  return (
    <section
      aria-labelledby={titleId}
      data-testid="cookie-banner"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 p-2 sm:p-4"
    >
      <div className="pointer-events-auto mx-auto max-h-[85dvh] max-w-3xl overflow-y-auto rounded-card border border-ink/10 bg-white p-4 shadow-[0_-8px_40px_rgba(35,32,29,0.18)] sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} ref={headingRef} tabIndex={-1} className="text-lg text-ink outline-none sm:text-xl">
            Cookies, your choice
          </h2>
          {close}
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

        {choices}

        <div className="mt-4 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
          <button {...button("accept")} className="btn-primary py-2.5" data-testid="cookie-accept-all">
            Accept all
          </button>
          <button {...button("necessary")} className="btn-secondary py-2.5" data-testid="cookie-necessary-only">
            Necessary only
          </button>
          {choices ? (
            <button {...button("save")} className="btn-secondary col-span-2 py-2.5" data-testid="cookie-save">
              Save my choices
            </button>
          ) : (
            <button
              {...button("choose")}
              className="col-span-2 rounded-md px-3 py-2.5 text-sm font-semibold text-olive-700 underline underline-offset-4 hover:text-olive-800 sm:ml-1"
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
