"use client";

import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";

const CONTROL =
  "mt-1.5 block w-full rounded-md border border-ink/20 bg-white px-3.5 py-2.5 text-base text-ink shadow-sm placeholder:text-stone-500 " +
  "focus:border-olive-700 focus:outline-none focus:ring-2 focus:ring-olive-700 aria-[invalid=true]:border-danger aria-[invalid=true]:ring-danger/20";

/**
 * `invalid` marks the field the form's message is about; `errorId` names that message (see
 * FormMessage), so a screen reader reads it with the field and the page shows it only once.
 */
type Common = { label: string; name: string; hint?: string; invalid?: boolean; errorId?: string; className?: string };

function useDescribedBy(hint?: string, invalid?: boolean, errorId?: string) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : "", invalid && errorId ? errorId : ""].filter(Boolean).join(" ") || undefined;
  return { id, describedBy };
}

function Label({ id, label, required }: { id: string; label: string; required?: boolean | undefined }) {
  return (
    <label htmlFor={id} className="block text-sm font-semibold text-ink">
      {label}
      {required ? null : <span className="font-normal text-stone-600"> (optional)</span>}
    </label>
  );
}

function Hint({ id, hint }: { id: string; hint?: string | undefined }) {
  return hint ? <p id={`${id}-hint`} className="mt-1.5 text-xs text-stone-600">{hint}</p> : null;
}

export function TextInput({ label, name, hint, invalid, errorId, className = "", ...input }: Common & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name">) {
  const { id, describedBy } = useDescribedBy(hint, invalid, errorId);
  return (
    <div className={className}>
      <Label id={id} label={label} required={input.required} />
      <input id={id} name={name} aria-invalid={invalid || undefined} aria-describedby={describedBy} className={CONTROL} {...input} />
      <Hint id={id} hint={hint} />
    </div>
  );
}

export function TextArea({ label, name, hint, invalid, errorId, className = "", ...input }: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name">) {
  const { id, describedBy } = useDescribedBy(hint, invalid, errorId);
  return (
    <div className={className}>
      <Label id={id} label={label} required={input.required} />
      <textarea id={id} name={name} aria-invalid={invalid || undefined} aria-describedby={describedBy} className={`${CONTROL} min-h-32`} {...input} />
      <Hint id={id} hint={hint} />
    </div>
  );
}

export function Select({ label, name, hint, invalid, errorId, className = "", children, ...input }: Common & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "name">) {
  const { id, describedBy } = useDescribedBy(hint, invalid, errorId);
  return (
    <div className={className}>
      <Label id={id} label={label} required={input.required} />
      <select id={id} name={name} aria-invalid={invalid || undefined} aria-describedby={describedBy} className={`${CONTROL} appearance-auto`} {...input}>
        {children}
      </select>
      <Hint id={id} hint={hint} />
    </div>
  );
}

export function Checkbox({ name, invalid, errorId, children, className = "", ...input }: { name: string; invalid?: boolean; errorId?: string; children: ReactNode; className?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "type" | "children">) {
  const { id, describedBy } = useDescribedBy(undefined, invalid, errorId);
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input id={id} name={name} type="checkbox" aria-invalid={invalid || undefined} aria-describedby={describedBy}
          className="mt-0.5 h-5 w-5 shrink-0 rounded border-ink/30 accent-olive-700 aria-[invalid=true]:outline aria-[invalid=true]:outline-2 aria-[invalid=true]:outline-offset-2 aria-[invalid=true]:outline-danger" {...input} />
        <label htmlFor={id} className="text-sm leading-relaxed text-stone-700">{children}</label>
      </div>
    </div>
  );
}

/** The form's one message: an error, or the confirmation once sent. Both regions always exist, so screen readers announce changes. */
export function FormMessage({ id, error, success }: { id?: string; error?: string | null | undefined; success?: string | null }) {
  return (
    <>
      {/* Empty regions stay in the accessibility tree, out of the layout (no stray gaps). */}
      <div role="alert" id={id} className={error ? undefined : "sr-only"}>
        {error ? <p className="rounded-md border border-danger/30 bg-danger/5 px-4 py-3 text-sm text-danger" data-testid="form-error">{error}</p> : null}
      </div>
      <div role="status" className={!error && success ? undefined : "sr-only"}>
        {!error && success ? (
          <p className="rounded-md border border-success/30 bg-success/5 px-4 py-3 text-sm text-success" data-testid="form-success">{success}</p>
        ) : null}
      </div>
    </>
  );
}
