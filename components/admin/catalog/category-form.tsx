"use client";

import { useId } from "react";
import { useRouter } from "next/navigation";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { callApi } from "@/lib/http/api-client";
import { formText, refuseLocally, useSlugFromName } from "@/components/admin/catalog/form-values";
import { toast } from "@/stores/toast";
import { BUTTON, BUTTON_DANGER } from "@/components/admin/ui";
import { AddressField, Field, FormError, TextAreaField } from "@/components/admin/catalog/field";
import { categoryFieldErrors, type CategoryFormValues } from "@/lib/admin/category-form";

const FIELDS = ["name", "slug", "description", "sortOrder"];

type Saved = { category: { id: number }; message: string };

/**
 * A category's name, address, description and place in the shop's order. The browser checks the
 * form with the server's own schema (lib/admin/category-form.ts) before sending it.
 */
export function CategoryForm({ initial }: { initial: CategoryFormValues }) {
  const id = useId();
  const router = useRouter();
  const { submit, pending, ready, fields, error } = useFormSubmit({ fieldNames: FIELDS });
  const remove = useFormSubmit();
  // A new category's address follows its name; an existing one's changes only when staff change it.
  const { onNameChange, address } = useSlugFromName(initial.id === null, initial.slug);

  const save = submit(async (form) => {
    const text = formText(form);
    const category = {
      name: text("name"),
      slug: text("slug"),
      description: text("description"),
      sortOrder: text("sortOrder"),
    };
    const problems = categoryFieldErrors(category);
    refuseLocally(problems);
    const answer =
      initial.id === null
        ? await callApi<Saved>("POST", "/api/admin/categories", category)
        : await callApi<Saved>("POST", `/api/admin/categories/${initial.id}`, category);
    toast({ title: answer.message, type: "success" });
    if (initial.id === null) router.push(`/admin/categories/${answer.category.id}`);
    else router.refresh();
  });

  const destroy = remove.submit(async () => {
    const answer = await callApi<{ message: string }>("DELETE", `/api/admin/categories/${initial.id}`);
    toast({ title: answer.message, type: "success" });
    router.push("/admin/categories");
  });

  const f = (name: string) => `${id}-${name}`;
  return (
    <div className="grid gap-5">
      <form
        noValidate
        onSubmit={save}
        className="grid gap-5"
        aria-label={initial.id === null ? "New category" : `Category ${initial.name}`}
      >
        <fieldset className="grid gap-4 rounded-card border border-ink/10 bg-white p-4 sm:grid-cols-2 sm:p-5">
          <legend className="px-1 text-sm font-semibold text-ink">The category</legend>
          <Field
            id={f("name")}
            name="name"
            label="Name"
            defaultValue={initial.name}
            error={fields.name}
            onChange={onNameChange}
            required
          />
          <AddressField
            id={f("slug")}
            label="Address"
            prefix="/product-category/"
            keeps={initial.id !== null}
            error={fields.slug}
            {...address}
          />
          <Field
            id={f("sortOrder")}
            name="sortOrder"
            label="Order"
            inputMode="numeric"
            defaultValue={initial.sortOrder}
            error={fields.sortOrder}
            hint="Lower numbers come first in the shop's menu"
          />
          <TextAreaField
            id={f("description")}
            name="description"
            label="Description"
            rows={4}
            defaultValue={initial.description}
            error={fields.description}
            className="sm:col-span-2"
          />
        </fieldset>
        <FormError message={error} />
        <div>
          <button type="submit" className={BUTTON} disabled={!ready || pending}>
            {pending ? "Saving…" : initial.id === null ? "Create category" : "Save category"}
          </button>
        </div>
      </form>
      {initial.id !== null ? (
        <form onSubmit={destroy} aria-label="Delete the category" className="grid gap-2">
          <FormError message={remove.message} />
          <div>
            <button type="submit" className={BUTTON_DANGER} disabled={!remove.ready || remove.pending}>
              Delete category
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
