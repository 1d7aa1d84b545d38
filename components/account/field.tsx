"use client";

import { useId, useState, type InputHTMLAttributes, type Ref } from "react";
import { useRememberedEmail } from "@/components/account/account-form";
import { PASSWORD_HINT, PASSWORD_MIN_LENGTH } from "@/lib/auth/register-fields";

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
  /** A fixed id, for a form whose error summary links to its fields; otherwise one is made. */
  id?: string;
  label: string;
  name: string;
  hint?: string;
  error?: string;
  ref?: Ref<HTMLInputElement>;
};

const INPUT =
  "mt-1.5 block w-full rounded-md border border-ink/20 bg-white px-3.5 py-2.5 text-base text-ink shadow-sm placeholder:text-stone-500 " +
  "focus:border-olive-700 focus:outline-none focus:ring-2 focus:ring-olive-700 aria-[invalid=true]:border-danger aria-[invalid=true]:ring-danger/20";

const describedByOf = (id: string, hint?: string, error?: string) =>
  [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;

/** A field's hint and error, under it, with the ids its aria-describedby names. */
function FieldNotes({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A labelled input whose hint and error are tied to it for screen readers. */
export function TextField({ id: fixedId, label, name, hint, error, className = "", ref, ...input }: FieldProps) {
  const madeId = useId();
  const id = fixedId ?? madeId;
  const describedBy = describedByOf(id, hint, error);
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
        {input.required ? null : <span className="font-normal text-stone-600"> (optional)</span>}
      </label>
      <input
        ref={ref}
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={INPUT}
        {...input}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A password input with a Show/Hide toggle (typing a long password blind on a phone is error-prone). */
export function PasswordField({ id: fixedId, label, name, hint, error, className = "", ref, ...input }: FieldProps) {
  const madeId = useId();
  const id = fixedId ?? madeId;
  const [visible, setVisible] = useState(false);
  const describedBy = describedByOf(id, hint, error);
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          name={name}
          type={visible ? "text" : "password"}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          className={`${INPUT} pr-20`}
          {...input}
        />
        <button
          type="button"
          onClick={() => setVisible(!visible)}
          aria-pressed={visible}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          className="absolute inset-y-0 right-0 mt-1.5 flex items-center rounded-r-md px-3 text-sm font-semibold text-olive-700 hover:text-olive-800"
        >
          {visible ? "Hide" : "Show"}
        </button>
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

export function FormError({ message }: { message: string | null }) {
  return (
    <div role="alert" aria-live="assertive">
      {message ? (
        <p
          className="mb-5 rounded-md border border-danger/30 bg-danger/5 px-4 py-3 text-sm text-danger"
          data-testid="form-error"
        >
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** The e-mail field of the sign-in and password forms, filled in with the address last used. */
export function RememberedEmailField({ error }: { error?: string }) {
  const ref = useRememberedEmail();
  return (
    <TextField
      label="Email address"
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
      required
      error={error}
      ref={ref}
    />
  );
}

/** A new password's field: the shortest length the server accepts, and the hint that says it. */
export function NewPasswordField({ name, error }: { name: string; error?: string }) {
  return (
    <PasswordField
      label="New password"
      name={name}
      autoComplete="new-password"
      required
      minLength={PASSWORD_MIN_LENGTH}
      error={error}
      hint={PASSWORD_HINT}
    />
  );
}
