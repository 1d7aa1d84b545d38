"use client";

import { useFormSubmit } from "@/components/forms/use-form-submit";
import { BUTTON, BUTTON_DANGER, BUTTON_SECONDARY } from "@/components/admin/ui";
import { useAdminCall } from "@/components/admin/catalog/admin-call";

const LOOKS = { primary: BUTTON, secondary: BUTTON_SECONDARY, danger: BUTTON_DANGER } as const;

/** One button that makes one change (publish, hide, mark handled…). */
export function ActionButton({
  path,
  params,
  label,
  look = "secondary",
  describedBy,
}: {
  path: string;
  params: Record<string, unknown>;
  label: string;
  look?: keyof typeof LOOKS;
  describedBy?: string;
}) {
  const { send, refreshing } = useAdminCall();
  const { pending, ready, submit } = useFormSubmit();
  return (
    <form onSubmit={submit(() => send(path, params))}>
      <button
        type="submit"
        className={LOOKS[look]}
        disabled={!ready || pending || refreshing}
        aria-describedby={describedBy}
      >
        {label}
      </button>
    </form>
  );
}
