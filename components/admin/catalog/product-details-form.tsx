"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { callApi } from "@/lib/http/api-client";
import { formText, refuseLocally } from "@/components/admin/catalog/form-values";
import { toast } from "@/stores/toast";
import { BUTTON, BUTTON_DANGER, BUTTON_SECONDARY } from "@/components/admin/ui";
import { AddressField, Field, FormError, SelectField, TextAreaField } from "@/components/admin/catalog/field";
import {
  CARE_MAX,
  FEATURES_MAX,
  productDetailsErrors,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
  SPECS_MAX,
} from "@/lib/admin/product-form";

const FIELDS = [
  "name",
  "slug",
  "category",
  "shortDescription",
  "description",
  "features",
  "specs",
  "care",
  "seoTitle",
  "seoDescription",
] as const;

/** The form's fields as the product has them: features and specifications as their lines of text. */
type Props = { id: number } & Record<(typeof FIELDS)[number], string>;

/**
 * A product's name, address, category and words, checked in the browser with the server's own
 * schema (lib/admin/product-form.ts) before sending; and deleting it, after asking.
 */
export function ProductDetailsForm({
  initial,
  categories,
}: {
  initial: Props;
  categories: ReadonlyArray<{ slug: string; name: string }>;
}) {
  const id = useId();
  const router = useRouter();
  const { submit, pending, ready, fields, error } = useFormSubmit({ fieldNames: FIELDS });
  const remove = useFormSubmit();
  const [confirming, setConfirming] = useState(false);

  const save = submit(async (form) => {
    const text = formText(form);
    const details = Object.fromEntries(FIELDS.map((name) => [name, text(name)])) as Record<
      (typeof FIELDS)[number],
      string
    >;
    const problems = productDetailsErrors(details);
    refuseLocally(problems);
    const answer = await callApi<{ message: string }>("POST", `/api/admin/products/${initial.id}`, {
      action: "details",
      ...details,
    });
    toast({ title: answer.message, type: "success" });
    router.refresh();
  });

  const destroy = remove.submit(async () => {
    const answer = await callApi<{ message: string }>("DELETE", `/api/admin/products/${initial.id}`);
    toast({ title: answer.message, type: "success" });
    router.push("/admin/products");
  });

  const f = (name: string) => `${id}-${name}`;
  return (
    <div className="grid gap-5">
      <form noValidate onSubmit={save} className="grid gap-5" aria-label={`Details of ${initial.name}`}>
        <fieldset className="grid gap-4 rounded-card border border-ink/10 bg-white p-4 sm:grid-cols-2 sm:p-5">
          <legend className="px-1 text-sm font-semibold text-ink">Name, address and words</legend>
          <Field id={f("name")} name="name" label="Name" defaultValue={initial.name} error={fields.name} required />
          <AddressField
            id={f("slug")}
            label="Address"
            prefix="/product/"
            defaultValue={initial.slug}
            error={fields.slug}
          />
          <SelectField
            id={f("category")}
            name="category"
            label="Category"
            defaultValue={initial.category}
            error={fields.category}
            hint="Where it is listed in the shop"
          >
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </SelectField>
          <TextAreaField
            id={f("shortDescription")}
            name="shortDescription"
            label="Short description"
            rows={2}
            defaultValue={initial.shortDescription}
            error={fields.shortDescription}
            hint="On product cards and in search results"
            className="sm:col-span-2"
          />
          <TextAreaField
            id={f("description")}
            name="description"
            label="Description"
            rows={8}
            defaultValue={initial.description}
            error={fields.description}
            className="sm:col-span-2"
          />
        </fieldset>
        <fieldset className="grid gap-4 rounded-card border border-ink/10 bg-white p-4 sm:p-5">
          <legend className="px-1 text-sm font-semibold text-ink">Features, specifications and care</legend>
          <TextAreaField
            id={f("features")}
            name="features"
            label="Features"
            rows={6}
            defaultValue={initial.features}
            error={fields.features}
            hint={`One a line, up to ${FEATURES_MAX}. Blank lines are left out.`}
          />
          <TextAreaField
            id={f("specs")}
            name="specs"
            label="Specifications"
            rows={8}
            defaultValue={initial.specs}
            error={fields.specs}
            hint={`One a line as Label: value, e.g. Frame: Kiln-dried SA pine. Up to ${SPECS_MAX}.`}
          />
          <TextAreaField
            id={f("care")}
            name="care"
            label="Care"
            rows={4}
            defaultValue={initial.care}
            error={fields.care}
            maxLength={CARE_MAX}
            hint={`How to look after it, up to ${CARE_MAX} characters`}
          />
        </fieldset>
        <fieldset className="grid gap-4 rounded-card border border-ink/10 bg-white p-4 sm:p-5">
          <legend className="px-1 text-sm font-semibold text-ink">Search engines and link previews</legend>
          <Field
            id={f("seoTitle")}
            name="seoTitle"
            label="Search title"
            defaultValue={initial.seoTitle}
            error={fields.seoTitle}
            maxLength={SEO_TITLE_MAX}
            hint={`Up to ${SEO_TITLE_MAX} characters. Empty: the product's name.`}
          />
          <TextAreaField
            id={f("seoDescription")}
            name="seoDescription"
            label="Search description"
            rows={3}
            defaultValue={initial.seoDescription}
            error={fields.seoDescription}
            maxLength={SEO_DESCRIPTION_MAX}
            hint={`Up to ${SEO_DESCRIPTION_MAX} characters. Empty: the short description.`}
          />
        </fieldset>
        <FormError message={error} />
        <div>
          <button type="submit" className={BUTTON} disabled={!ready || pending}>
            {pending ? "Saving…" : "Save details"}
          </button>
        </div>
      </form>
      <form onSubmit={destroy} aria-label={`Delete ${initial.name}`} className="grid gap-2">
        <FormError message={remove.message} />
        {confirming ? (
          <div role="group" aria-label="Confirm deleting" className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-ink">Delete {initial.name} for good? This cannot be undone.</p>
            <button type="submit" className={BUTTON_DANGER} disabled={!remove.ready || remove.pending}>
              {remove.pending ? "Deleting…" : "Yes, delete it"}
            </button>
            <button type="button" className={BUTTON_SECONDARY} onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </div>
        ) : (
          <div>
            <button type="button" className={BUTTON_DANGER} onClick={() => setConfirming(true)}>
              Delete product
            </button>
          </div>
        )}
      </form>
    </div>
  );
}
