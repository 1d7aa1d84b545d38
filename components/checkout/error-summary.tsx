"use client";

export type SummaryError = { field: string; message: string; targetId?: string };

/** Moves focus to a field and brings it, with its label, to the middle of the screen. */
export function focusById(id: string) {
  const el = document.getElementById(id);
  if (!el) return;
  el.focus({ preventScroll: true });
  el.scrollIntoView?.({ block: "center" });
}

/** Every problem with the form, each linked to its field; announced as soon as it appears. */
export function ErrorSummary({ errors }: { errors: SummaryError[] }) {
  if (errors.length === 0) return null;
  return (
    <div
      role="alert"
      aria-labelledby="error-summary-title"
      className="rounded-card border-2 border-danger bg-white px-5 py-4"
      data-testid="error-summary"
    >
      <h2 id="error-summary-title" className="font-sans text-base font-semibold tracking-normal text-ink">
        {errors.length === 1 ? "There is a problem" : `There are ${errors.length} problems`} with your details
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {errors.map((e) => (
          <li key={e.field}>
            {e.targetId ? (
              <a
                href={`#${e.targetId}`}
                className="font-medium text-danger underline underline-offset-4"
                onClick={(event) => {
                  event.preventDefault();
                  focusById(e.targetId!);
                }}
              >
                {e.message}
              </a>
            ) : (
              <span className="font-medium text-danger">{e.message}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
