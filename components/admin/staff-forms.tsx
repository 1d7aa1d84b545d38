"use client";

import { useId } from "react";
import { useRouter } from "next/navigation";
import { FormError, TextField } from "@/components/account/field";
import { callApi } from "@/lib/http/api-client";
import { useFormSubmit } from "@/lib/forms/use-form-submit";
import { toast } from "@/stores/toast";
import { BUTTON, BUTTON_DANGER, INPUT } from "@/components/admin/ui";

const value = (form: HTMLFormElement, name: string) =>
  (form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null)?.value ?? "";

/** Gives the back office to someone: an existing account is promoted, a new one is invited by e-mail. */
export function InviteStaffForm() {
  const router = useRouter();
  const roleId = useId();
  const { pending, ready, error, fields, submit } = useFormSubmit({
    fieldNames: ["email", "first_name", "last_name", "role"],
  });
  const onSubmit = submit(async (form) => {
    const answer = await callApi<{ message: string }>("POST", "/api/admin/staff", {
      email: value(form, "email"),
      first_name: value(form, "first_name"),
      last_name: value(form, "last_name"),
      role: value(form, "role"),
    });
    form.reset();
    toast({ title: answer.message, type: "success" });
    router.refresh();
  });
  return (
    <form onSubmit={onSubmit} className="grid gap-4" aria-label="Add a member of staff">
      <FormError message={error} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="E-mail address"
          name="email"
          type="email"
          required
          autoComplete="off"
          error={fields.email}
          className="sm:col-span-2"
        />
        <TextField label="First name" name="first_name" maxLength={80} error={fields.first_name} />
        <TextField label="Last name" name="last_name" maxLength={80} error={fields.last_name} />
        <div>
          <label htmlFor={roleId} className="block text-sm font-semibold text-ink">
            Role
          </label>
          <select id={roleId} name="role" defaultValue="staff" className={`${INPUT} mt-1.5`}>
            <option value="staff">Staff: orders, products, coupons, reviews, marketing</option>
            <option value="admin">Admin: all of that, plus staff and the audit log</option>
          </select>
          {fields.role ? <p className="mt-1.5 text-sm text-danger">{fields.role}</p> : null}
        </div>
      </div>
      <button type="submit" className={`${BUTTON} justify-self-start`} disabled={pending || !ready} aria-busy={pending}>
        {pending ? "Saving" : "Give access"}
      </button>
    </form>
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
        className={`${BUTTON_DANGER} min-h-10 px-3 py-1.5 text-xs`}
        disabled={pending || !ready}
        aria-label={`Remove access for ${email}`}
      >
        {pending ? "Removing" : "Remove access"}
      </button>
    </form>
  );
}
