"use client";

import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { FormError, TextField } from "@/components/account/field";
import { callApi } from "@/lib/http/api-client";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { toast } from "@/stores/toast";
import { BUTTON, BUTTON_DANGER, BUTTON_SECONDARY, INPUT } from "@/components/admin/ui";
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from "@/lib/admin/roles";

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
 * A dangerous action that asks first: its button (with `beside` before it) opens the question,
 * answered yes or kept; Escape or "keep" closes it and goes back to the button.
 */
function AskFirst({
  beside,
  opener,
  openerLabel,
  label,
  question,
  yes,
  busy,
  no,
  onSubmit,
  pending,
  ready,
}: {
  beside?: ReactNode;
  opener: string;
  openerLabel: string;
  label: string;
  question: ReactNode;
  yes: string;
  busy: string;
  no: string;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  pending: boolean;
  ready: boolean;
}) {
  const [open, setOpen] = useState(false);
  const openerButton = useRef<HTMLButtonElement>(null);
  const yesButton = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => {
    if (open) yesButton.current?.focus();
  }, [open]);
  const keep = () => {
    setOpen(false);
    openerButton.current?.focus();
  };
  return (
    <>
      <div className="flex flex-wrap justify-end gap-2">
        {beside}
        <button
          ref={openerButton}
          type="button"
          className={BUTTON_DANGER}
          aria-expanded={open}
          aria-controls={id}
          aria-label={openerLabel}
          onClick={() => (open ? keep() : setOpen(true))}
        >
          {opener}
        </button>
      </div>
      {open ? (
        <form
          id={id}
          onSubmit={onSubmit}
          onKeyDown={(e) => {
            if (e.key === "Escape") keep();
          }}
          aria-label={label}
          className="grid max-w-xs gap-2 rounded-md border border-danger/30 bg-danger/5 p-3 text-left"
        >
          <p className="text-xs text-ink">{question}</p>
          <div className="flex flex-wrap gap-2">
            <button
              ref={yesButton}
              type="submit"
              className={BUTTON_DANGER}
              disabled={pending || !ready}
              aria-busy={pending}
            >
              {pending ? busy : yes}
            </button>
            <button type="button" className={BUTTON_SECONDARY} onClick={keep}>
              {no}
            </button>
          </div>
        </form>
      ) : null}
    </>
  );
}

/**
 * A pending invitation's actions: send it again (a new link and expiry; the old link stops
 * working), or withdraw it, which asks first.
 */
export function InvitationActions({ id, email }: { id: number; email: string }) {
  const router = useRouter();
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
  const error = resend.message ?? withdraw.message;
  return (
    <div className="grid justify-items-end gap-2">
      {error ? (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
      <AskFirst
        beside={
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
        }
        opener="Withdraw"
        openerLabel={`Withdraw the invitation to ${email}`}
        label={`Withdraw the invitation to ${email}?`}
        question={
          <>
            Withdraw the invitation to <span className="break-all font-semibold">{email}</span>? Its link stops working
            at once.
          </>
        }
        yes="Yes, withdraw"
        busy="Withdrawing"
        no="Keep it"
        onSubmit={onWithdraw}
        pending={withdraw.pending}
        ready={withdraw.ready}
      />
    </div>
  );
}

/** Takes the back office away from one member of staff, who is signed out everywhere; it asks first. */
export function RevokeStaffButton({ id, email }: { id: number; email: string }) {
  const router = useRouter();
  const { pending, ready, error, submit } = useFormSubmit();
  const onSubmit = submit(async () => {
    const answer = await callApi<{ message: string }>("DELETE", `/api/admin/staff/${id}`);
    toast({ title: answer.message, type: "success" });
    router.refresh();
  });
  return (
    <div className="grid justify-items-end gap-2">
      {error ? (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
      <AskFirst
        opener="Remove access"
        openerLabel={`Remove access for ${email}`}
        label={`Remove access for ${email}?`}
        question={
          <>
            Remove <span className="break-all font-semibold">{email}</span> from the back office? They are signed out
            everywhere at once.
          </>
        }
        yes="Yes, remove access"
        busy="Removing"
        no="Keep access"
        onSubmit={onSubmit}
        pending={pending}
        ready={ready}
      />
    </div>
  );
}

/** A member of staff's role, changed at once (they proved their address when they joined). */
export function StaffRoleForm({ email, role }: { email: string; role: StaffRole }) {
  const router = useRouter();
  const id = useId();
  const { pending, ready, error, submit } = useFormSubmit();
  const onSubmit = submit(async (form) => {
    const answer = await callApi<{ message: string }>("POST", "/api/admin/staff", { email, role: value(form, "role") });
    toast({ title: answer.message, type: "success" });
    router.refresh();
  });
  return (
    <form onSubmit={onSubmit} aria-label={`The role of ${email}`} className="grid gap-1">
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="sr-only">
          Role of {email}
        </label>
        <div className="w-32">
          <select id={id} name="role" defaultValue={role} className={INPUT}>
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {STAFF_ROLE_LABELS[r].name}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className={BUTTON_SECONDARY}
          disabled={pending || !ready}
          aria-busy={pending}
          aria-label={`Change the role of ${email}`}
        >
          {pending ? "Saving" : "Change"}
        </button>
      </div>
      {error ? (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </form>
  );
}
