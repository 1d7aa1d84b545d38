"use client";

import { useId } from "react";
import { useRouter } from "next/navigation";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { callApi } from "@/lib/http/api-client";
import { toast } from "@/stores/toast";
import { BUTTON } from "@/components/admin/ui";
import { AddressField, Field, FormError, SelectField, TextAreaField } from "@/components/admin/catalog/field";
import { formText, refuseLocally, useSlugFromName } from "@/components/admin/catalog/form-values";
import { newProductErrors } from "@/lib/admin/product-form";

const FIELDS = [
  "name",
  "slug",
  "category",
  "regularPrice",
  "stock",
  "width",
  "depth",
  "height",
  "shortDescription",
  "description",
];

/**
 * A new product's first facts, checked in the browser with the server's own schema
 * (lib/admin/product-form.ts). It is made hidden; its page then sets the rest and publishes it.
 */
export function NewProductForm({ categories }: { categories: ReadonlyArray<{ slug: string; name: string }> }) {
  const id = useId();
  const router = useRouter();
  const { submit, pending, ready, fields, error } = useFormSubmit({ fieldNames: FIELDS });

  const save = submit(async (form) => {
    const text = formText(form);
    const product = Object.fromEntries(FIELDS.map((name) => [name, text(name)]));
    refuseLocally(newProductErrors(product));
    const answer = await callApi<{ product: { id: number }; message: string }>("POST", "/api/admin/products", product);
    toast({ title: answer.message, type: "success" });
    router.push(`/admin/products/${answer.product.id}`);
  });

  const { onNameChange, address } = useSlugFromName(true);

  const f = (name: string) => `${id}-${name}`;
  return (
    <form noValidate onSubmit={save} className="grid gap-5" aria-label="New product">
      <fieldset className="grid gap-4 rounded-card border border-ink/10 bg-white p-4 sm:grid-cols-2 sm:p-5">
        <legend className="px-1 text-sm font-semibold text-ink">The product</legend>
        <Field id={f("name")} name="name" label="Name" error={fields.name} onChange={onNameChange} required />
        <AddressField
          id={f("slug")}
          label="Address"
          prefix="/product/"
          keeps={false}
          error={fields.slug}
          {...address}
        />
        <SelectField id={f("category")} name="category" label="Category" error={fields.category} defaultValue="">
          <option value="" disabled>
            Choose a category
          </option>
          {categories.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <Field
          id={f("regularPrice")}
          name="regularPrice"
          label="Price (R)"
          inputMode="decimal"
          error={fields.regularPrice}
          hint="VAT included, e.g. 12999.00"
          required
        />
        <Field
          id={f("stock")}
          name="stock"
          label="In stock"
          inputMode="numeric"
          defaultValue="0"
          error={fields.stock}
        />
      </fieldset>
      <fieldset className="grid gap-4 rounded-card border border-ink/10 bg-white p-4 sm:grid-cols-3 sm:p-5">
        <legend className="px-1 text-sm font-semibold text-ink">Outside measurements (cm)</legend>
        <Field id={f("width")} name="width" label="Width" inputMode="numeric" error={fields.width} required />
        <Field id={f("depth")} name="depth" label="Depth" inputMode="numeric" error={fields.depth} required />
        <Field id={f("height")} name="height" label="Height" inputMode="numeric" error={fields.height} required />
      </fieldset>
      <fieldset className="grid gap-4 rounded-card border border-ink/10 bg-white p-4 sm:p-5">
        <legend className="px-1 text-sm font-semibold text-ink">Words</legend>
        <TextAreaField
          id={f("shortDescription")}
          name="shortDescription"
          label="Short description"
          rows={2}
          error={fields.shortDescription}
          hint="On product cards and in search results"
        />
        <TextAreaField
          id={f("description")}
          name="description"
          label="Description"
          rows={6}
          error={fields.description}
        />
      </fieldset>
      <FormError message={error} />
      <div>
        <button type="submit" className={BUTTON} disabled={!ready || pending}>
          {pending ? "Creating…" : "Create product"}
        </button>
      </div>
    </form>
  );
}
