"use client";

import { useEffect, useId, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { FormError, TextField } from "@/components/account/field";
import { callApi } from "@/lib/http/api-client";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { toast } from "@/stores/toast";
import { BUTTON, BUTTON_DANGER, BUTTON_SECONDARY, INPUT } from "@/components/admin/ui";
import { STAFF_ROLE_LABELS, STAFF_ROLES } from "@/lib/admin/roles";

const value = (form: HTMLFormElement, name: string) =>
  (form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null)?.value ?? "";

/** Invites someone to the back office by e-mail; someone who is staff already changes role at once. */
export function InviteStaffForm() {
  const router = useRouter();
  const roleId = useId();
  const { pending, ready, error, fields, submit } = useFormSubmit({ fieldNames: ["email", "role"] });
  const onSubmit = submit(async (form) => {
    const answer = await callApi<{ message: string }>("POST", "/api/admin/staff", {
      email: value(form, "email"),
      role: value(form, "role"),
    });
    form.reset();
    toast({ title: answer.message, type: "success" });
    router.refresh();
  });
  return (
    <form onSubmit={onSubmit} className="grid gap-4" aria-label="Invite someone">
      <FormError message={error} />
      <TextField label="E-mail address" name="email" type="email" required autoComplete="off" error={fields.email} />
      <div>
        <label htmlFor={roleId} className="block text-sm font-semibold text-ink">
          Role
        </label>
        <select
          id={roleId}
          name="role"
          defaultValue="staff"
          aria-describedby={`${roleId}-hint`}
          className={`${INPUT} mt-1.5`}
        >
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {STAFF_ROLE_LABELS[role].name}
            </option>
          ))}
        </select>
        <ul id={`${roleId}-hint`} className="mt-1.5 grid gap-0.5 text-xs text-stone-600">
          {STAFF_ROLES.map((role) => (
            <li key={role}>
              <span className="font-semibold">{STAFF_ROLE_LABELS[role].name}:</span> {STAFF_ROLE_LABELS[role].scope}
            </li>
          ))}
        </ul>
        {fields.role ? <p className="mt-1.5 text-sm text-danger">{fields.role}</p> : null}
      </div>
      <button type="submit" className={`${BUTTON} justify-self-start`} disabled={pending || !ready} aria-busy={pending}>
        {pending ? "Sending" : "Send invitation"}
      </button>
    </form>
  );
}

/**
 * A pending invitation's actions: send it again (a new link and expiry; the old link stops
 * working), or withdraw it, which asks first.
 */
export function InvitationActions({ id, email }: { id: number; email: string }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const withdrawButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const confirmId = useId();
  const resend = useFormSubmit();
  const withdraw = useFormSubmit();
  const onResend = resend.submit(async () => {
    const answer = await callApi<{ message: string }>("POST", `/api/admin/staff/invitations/${id}`);
    toast({ title: answer.message, type: "success" });
    router.refresh();
  });
  const onWithdraw = withdraw.submit(async () => {
    const answer = await callApi<{ message: string }>("DELETE", `/api/admin/staff/invitations/${id}`);
    toast({ title: answer.message, type: "success" });
    router.refresh();
  });
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);
  const keep = () => {
    setConfirming(false);
    withdrawButton.current?.focus();
  };
  const error = resend.message ?? withdraw.message;
  return (
    <div className="grid justify-items-end gap-2">
      {error ? (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <form onSubmit={onResend}>
          <button
            type="submit"
            className={BUTTON_SECONDARY}
            disabled={resend.pending || !resend.ready}
            aria-busy={resend.pending}
            aria-label={`Resend the invitation to ${email}`}
          >
            {resend.pending ? "Sending" : "Resend"}
          </button>
        </form>
        <button
          ref={withdrawButton}
          type="button"
          className={BUTTON_DANGER}
          aria-expanded={confirming}
          aria-controls={confirmId}
          aria-label={`Withdraw the invitation to ${email}`}
          onClick={() => (confirming ? keep() : setConfirming(true))}
        >
          Withdraw
        </button>
      </div>
      {confirming ? (
        <form
          id={confirmId}
          onSubmit={onWithdraw}
          onKeyDown={(e) => {
            if (e.key === "Escape") keep();
          }}
          aria-label={`Withdraw the invitation to ${email}?`}
          className="grid max-w-xs gap-2 rounded-md border border-danger/30 bg-danger/5 p-3 text-left"
        >
          <p className="text-xs text-ink">
            Withdraw the invitation to <span className="break-all font-semibold">{email}</span>? Its link stops working
            at once.
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              ref={confirmButton}
              type="submit"
              className={BUTTON_DANGER}
              disabled={withdraw.pending || !withdraw.ready}
              aria-busy={withdraw.pending}
            >
              {withdraw.pending ? "Withdrawing" : "Yes, withdraw"}
            </button>
            <button type="button" className={BUTTON_SECONDARY} onClick={keep}>
              Keep it
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}

/** Takes the back office away from one member of staff, who is signed out everywhere. */
export function RevokeStaffButton({ id, email }: { id: number; email: string }) {
  const router = useRouter();
  const { pending, ready, error, submit } = useFormSubmit();
  const onSubmit = submit(async () => {
    const answer = await callApi<{ message: string }>("DELETE", `/api/admin/staff/${id}`);
    toast({ title: answer.message, type: "success" });
    router.refresh();
  });
  return (
    <form onSubmit={onSubmit}>
      {error ? (
        <p role="alert" className="mb-1 text-xs text-danger">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        className={BUTTON_DANGER}
        disabled={pending || !ready}
        aria-label={`Remove access for ${email}`}
      >
        {pending ? "Removing" : "Remove access"}
      </button>
    </form>
  );
}
