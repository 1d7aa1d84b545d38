import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { INPUT, LABEL } from "@/components/admin/ui";

/** What every labelled control takes besides its element's own attributes. */
type LabelledProps = { id: string; label: ReactNode; hint?: ReactNode; error?: string; className?: string };

/** The attributes that tie a control to its hint and message, for screen readers. */
const tie = (id: string, hint?: ReactNode, error?: string) => ({
  id,
  "aria-invalid": error ? true : undefined,
  "aria-describedby": [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined,
});

/** A control under its label, its hint and then the server's message for it after it. */
function Labelled({ id, label, hint, error, className = "", children }: LabelledProps & { children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input with the server's message for it, tied to it for screen readers. */
export function Field({
  id,
  label,
  error,
  hint,
  className,
  ...input
}: LabelledProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Labelled id={id} label={label} hint={hint} error={error} className={className}>
      <input className={INPUT} {...tie(id, hint, error)} {...input} />
    </Labelled>
  );
}

/**
 * A page's address in the shop (its slug), under `prefix` ("/product/"). With `keeps`, the hint
 * says that changing it keeps the old address leading to the new one.
 */
export function AddressField({
  prefix,
  keeps = true,
  ...input
}: { prefix: string; keeps?: boolean } & LabelledProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field
      name="slug"
      hint={`${prefix}… in lower-case letters, digits and hyphens.${keeps ? " Changing it keeps the old address leading here." : " Suggested from the name."}`}
      autoCapitalize="none"
      spellCheck={false}
      required
      {...input}
    />
  );
}

/** The same for a text of several lines. */
export function TextAreaField({
  id,
  label,
  error,
  hint,
  className,
  ...textarea
}: LabelledProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Labelled id={id} label={label} hint={hint} error={error} className={className}>
      <textarea className={INPUT} {...tie(id, hint, error)} {...textarea} />
    </Labelled>
  );
}

/** The same for a select. A list that shows many options at once is as tall as they need. */
export function SelectField({
  id,
  label,
  error,
  hint,
  className,
  children,
  ...select
}: LabelledProps & { children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Labelled id={id} label={label} hint={hint} error={error} className={className}>
      <select className={select.multiple ? `${INPUT} h-auto` : INPUT} {...tie(id, hint, error)} {...select}>
        {children}
      </select>
    </Labelled>
  );
}

/** A checkbox with its words beside it. */
export function CheckField({ children, ...input }: { children: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="inline-flex min-h-6 items-center gap-2 text-sm">
      <input type="checkbox" className="size-5 accent-olive-700" {...input} />
      {children}
    </label>
  );
}

export function FormError({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="rounded-md border border-danger/30 bg-danger/5 px-3 py-2 text-sm text-danger">
      {message}
    </p>
  ) : null;
}
