"use client";

import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import { FormError, PasswordField, TextField } from "@/components/account/field";
import { text } from "@/components/account/account-form";
import { LEAVING, useFormSubmit } from "@/components/forms/use-form-submit";
import { ApiCallError, asApiCallError, callApi } from "@/lib/http/api-client";
import { STORAGE_KEY } from "@/lib/http/cookie-names";
import { tokenFromFragment } from "@/lib/admin/invitation-link";
import { PASSWORD_HINT, PASSWORD_MIN_LENGTH } from "@/lib/auth/register-fields";

type Invitation = {
  email: string;
  role_name: string;
  role_scope: string;
  invited_by: string;
  expires: string;
  account: { first_name: string; last_name: string } | null;
};

type State =
  | { kind: "reading" }
  | { kind: "ready"; token: string; invitation: Invitation }
  | { kind: "refused"; code: string; message: string };

const NO_LINK =
  "This page opens from the link in your invitation e-mail. Please open that link again, or ask the shop owner for a new invitation.";

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The invited person's side: the token is read from the link's fragment, taken out of the address
 * bar (kept for this tab only, so a reload still works), and posted; the page then shows the
 * invitation and asks for a password, or says plainly why the link no longer works.
 */
export function StaffInvitationForm() {
  const [state, setState] = useState<State>({ kind: "reading" });
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const fromLink = tokenFromFragment(window.location.hash);
    if (fromLink) {
      storage()?.setItem(STORAGE_KEY.staffInvitation, fromLink);
      window.history.replaceState(window.history.state, "", window.location.pathname);
    }
    const token = fromLink ?? storage()?.getItem(STORAGE_KEY.staffInvitation) ?? null;
    const controller = new AbortController();
    const lookup = token
      ? callApi<Invitation>("POST", "/api/staff-invitation", { token }, { signal: controller.signal })
      : Promise.reject(new ApiCallError(NO_LINK, 0, "no_link"));
    lookup.then(
      (invitation) => setState({ kind: "ready", token: token!, invitation }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        const e = asApiCallError(err);
        if (e.code.startsWith("invitation_")) storage()?.removeItem(STORAGE_KEY.staffInvitation);
        setState({ kind: "refused", code: e.code, message: e.message });
      },
    );
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (state.kind === "refused") heading.current?.focus();
  }, [state.kind]);

  if (state.kind === "reading")
    return (
      <div aria-busy="true" aria-label="Reading your invitation" className="mt-8 grid gap-4">
        <div className="h-5 w-3/4 animate-pulse rounded bg-oat-100" />
        <div className="h-12 animate-pulse rounded-md bg-oat-100" />
        <div className="h-12 animate-pulse rounded-md bg-oat-100" />
      </div>
    );

  if (state.kind === "refused")
    return (
      <div className="mt-8 rounded-card border border-ink/10 bg-oat-50 p-5 sm:p-6" data-testid="invitation-refused">
        <h2 ref={heading} tabIndex={-1} className="text-2xl text-ink focus:outline-none">
          This invitation link does not work
        </h2>
        <p className="mt-3 leading-relaxed text-stone-700">{state.message}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          {state.code === "invitation_used" ? (
            <Link href="/login?next=/admin" className="btn-primary">
              Sign in
            </Link>
          ) : null}
          <Link href="/" className="btn-secondary">
            Go to the shop
          </Link>
        </div>
      </div>
    );

  return <AcceptForm token={state.token} invitation={state.invitation} />;
}

function AcceptForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const { pending, ready, error, fields, submit } = useFormSubmit({
    fieldNames: ["password", "first_name", "last_name"],
  });
  const onSubmit = submit(async (form) => {
    const answer = await callApi<{ next: string }>("POST", "/api/staff-invitation-accept", {
      token,
      password: text(form, "password"),
      first_name: text(form, "first_name"),
      last_name: text(form, "last_name"),
    });
    storage()?.removeItem(STORAGE_KEY.staffInvitation);
    // A full load, so the back office is rendered for the new session.
    window.location.assign(answer.next);
    return LEAVING;
  });

  return (
    <div className="mt-6">
      <p className="leading-relaxed text-stone-700" data-testid="invitation-summary">
        <strong className="font-semibold text-ink">{invitation.invited_by || "The shop owner"}</strong> invited you to
        the back office as <strong className="font-semibold text-ink">{invitation.role_name}</strong>:{" "}
        {invitation.role_scope}. The invitation is valid until {invitation.expires} (South African time).
      </p>
      <form onSubmit={onSubmit} method="post" className="mt-8" data-testid="staff-invitation-form">
        <FormError message={error} />
        <div className="flex flex-col gap-5">
          <div>
            <p className="text-sm font-semibold text-ink">E-mail address</p>
            <p className="mt-1.5 break-all rounded-md bg-oat-50 px-3.5 py-2.5 text-base text-ink">{invitation.email}</p>
            {/* For password managers: the address the new password belongs to. */}
            <input type="email" name="username" autoComplete="username" value={invitation.email} readOnly hidden />
          </div>
          {invitation.account ? (
            <p className="rounded-md border border-olive-700/20 bg-olive-50/60 px-4 py-3 text-sm text-stone-700">
              This address already has an account with us. The password you choose here replaces its old one, and every
              other sign-in to it ends.
            </p>
          ) : null}
          <PasswordField
            label="Choose a password"
            name="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            error={fields.password}
            hint={PASSWORD_HINT}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="First name"
              name="first_name"
              autoComplete="given-name"
              maxLength={80}
              defaultValue={invitation.account?.first_name ?? ""}
              error={fields.first_name}
            />
            <TextField
              label="Last name"
              name="last_name"
              autoComplete="family-name"
              maxLength={80}
              defaultValue={invitation.account?.last_name ?? ""}
              error={fields.last_name}
            />
          </div>
          <button type="submit" className="btn-primary w-full" disabled={pending || !ready} aria-busy={pending}>
            {pending ? "Setting up your access" : "Accept and open the back office"}
          </button>
        </div>
      </form>
    </div>
  );
}
