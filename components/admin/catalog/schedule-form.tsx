"use client";

import { useId } from "react";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { BUTTON_SECONDARY } from "@/components/admin/ui";
import { Field, FormError } from "@/components/admin/catalog/field";
import { useAdminCall } from "@/components/admin/catalog/admin-call";
import { formText, refuseLocally } from "@/components/admin/catalog/form-values";
import { scheduleErrors } from "@/lib/admin/product-form";
import { SHOP_TIME_NAME } from "@/lib/config/shop-time";

/**
 * A hidden product's publishing date: the shop publishes it at that moment (South African time).
 * `scheduled` is the moment now set, as the control shows it, or "".
 */
export function ScheduleForm({ productId, scheduled }: { productId: number; scheduled: string }) {
  const id = useId();
  const { send, refreshing } = useAdminCall();
  const { submit, pending, ready, fields, error } = useFormSubmit({ fieldNames: ["publishAt"] });
  const save = submit(async (form) => {
    const publishAt = formText(form)("publishAt");
    if (publishAt === "") refuseLocally({ publishAt: "Choose a date and time, or publish it now" });
    refuseLocally(scheduleErrors({ publishAt }));
    await send(`/api/admin/products/${productId}`, { action: "schedule", publishAt });
  });
  return (
    <form noValidate onSubmit={save} aria-label="Schedule publishing" className="grid gap-3 sm:max-w-md">
      <Field
        id={`${id}-at`}
        name="publishAt"
        type="datetime-local"
        label={`Publish on (${SHOP_TIME_NAME})`}
        hint="The shop publishes it at that moment; it is on every page within about two minutes."
        defaultValue={scheduled}
        error={fields.publishAt}
      />
      <FormError message={error} />
      <div>
        <button type="submit" className={BUTTON_SECONDARY} disabled={!ready || pending || refreshing}>
          {pending ? "Saving…" : scheduled ? "Change the date" : "Schedule"}
        </button>
      </div>
    </form>
  );
}
