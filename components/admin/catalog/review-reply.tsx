"use client";

import { useId } from "react";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { BUTTON_SECONDARY, INPUT, LABEL } from "@/components/admin/ui";
import { FormError } from "@/components/admin/catalog/field";
import { useAdminCall } from "@/components/admin/catalog/admin-call";

/** The shop's public answer under a review; saving it empty removes it. */
export function ReviewReply({ reviewId, reply }: { reviewId: number; reply: string | null }) {
  const id = useId();
  const { send, refreshing } = useAdminCall();
  const { submit, pending, ready, fields, error } = useFormSubmit({ fieldNames: ["reply"] });
  return (
    <form
      noValidate
      className="grid gap-2"
      onSubmit={submit((form) =>
        send(`/api/admin/reviews/${reviewId}`, {
          action: "reply",
          reply: String(new FormData(form).get("reply") ?? ""),
        }),
      )}
    >
      <label htmlFor={`${id}-reply`} className={LABEL}>
        The shop&apos;s answer (public)
      </label>
      <textarea
        id={`${id}-reply`}
        name="reply"
        rows={2}
        defaultValue={reply ?? ""}
        className={INPUT}
        aria-invalid={fields.reply ? true : undefined}
        aria-describedby={fields.reply ? `${id}-error` : undefined}
      />
      {fields.reply ? (
        <p id={`${id}-error`} className="text-xs font-medium text-danger">
          {fields.reply}
        </p>
      ) : null}
      <FormError message={error} />
      <div>
        <button type="submit" className={BUTTON_SECONDARY} disabled={!ready || pending || refreshing}>
          {reply ? "Save answer" : "Answer"}
        </button>
      </div>
    </form>
  );
}
