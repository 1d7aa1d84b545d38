"use client";

import { useId } from "react";
import { useRouter } from "next/navigation";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { callApi } from "@/lib/http/api-client";
import { formText, refuseLocally } from "@/components/admin/catalog/form-values";
import { toast } from "@/stores/toast";
import { BUTTON } from "@/components/admin/ui";
import { FormError, TextAreaField } from "@/components/admin/catalog/field";
import { familyAboutFields } from "@/lib/admin/fabric-form";
import { fieldErrors } from "@/lib/admin/slug";

/**
 * What the fabrics page says of one family, under the family's name ("Velvet"). Checked in the
 * browser with the server's own schema first; an empty text shows the family's fabrics alone.
 */
export function FamilyAboutForm({ family, about, fabrics }: { family: string; about: string; fabrics: number }) {
  const id = useId();
  const router = useRouter();
  const { submit, pending, ready, fields, error } = useFormSubmit({ fieldNames: ["about"] });

  const save = submit(async (form) => {
    const values = { family, about: formText(form)("about") };
    refuseLocally(fieldErrors(familyAboutFields, values));
    const answer = await callApi<{ message: string }>("PUT", "/api/admin/fabric-families", values);
    toast({ title: answer.message, type: "success" });
    router.refresh();
  });

  return (
    <form
      noValidate
      onSubmit={save}
      aria-label={`The ${family} family`}
      className="grid gap-3 rounded-card border border-ink/10 bg-white p-4"
      data-testid="fabric-family"
    >
      <TextAreaField
        id={`${id}-about`}
        name="about"
        label={`${family} (${fabrics === 1 ? "1 fabric" : `${fabrics} fabrics`})`}
        rows={2}
        defaultValue={about}
        error={fields.about}
        hint="Shown under the family's name on the fabrics page: what it is made of, how it wears"
      />
      <FormError message={error} />
      <div>
        <button type="submit" className={BUTTON} disabled={!ready || pending}>
          {pending ? "Saving…" : `Save ${family}`}
        </button>
      </div>
    </form>
  );
}
