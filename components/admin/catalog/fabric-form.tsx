"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { callApi } from "@/lib/http/api-client";
import { formText, refuseLocally, useSlugFromName } from "@/components/admin/catalog/form-values";
import { toast } from "@/stores/toast";
import { BUTTON, BUTTON_DANGER } from "@/components/admin/ui";
import { Field, FormError, TextAreaField } from "@/components/admin/catalog/field";
import { fabricFieldErrors, HEX_COLOUR, type FabricFormValues } from "@/lib/admin/fabric-form";

const FIELDS = ["name", "slug", "hex", "shade", "family", "note", "colourWords", "restockWeeks", "position"];

type Saved = { fabric: { id: number }; message: string };

/** A colour's field with the colour beside it, once it is one. */
function ColourField({
  id,
  name,
  label,
  initial,
  error,
  hint,
}: {
  id: string;
  name: string;
  label: string;
  initial: string;
  error?: string;
  hint: string;
}) {
  const [value, setValue] = useState(initial);
  const shown = HEX_COLOUR.test(value.trim().toLowerCase()) ? value.trim() : "transparent";
  return (
    <div className="flex items-end gap-3">
      <Field
        id={id}
        name={name}
        label={label}
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        error={error}
        hint={hint}
        placeholder="#d9ccb4"
        autoCapitalize="none"
        spellCheck={false}
        className="flex-1"
        required
      />
      <span
        aria-hidden
        data-testid={`${name}-preview`}
        className="mb-7 size-10 shrink-0 rounded-full border border-ink/15"
        style={{ background: shown }}
      />
    </div>
  );
}

/**
 * A fabric of the range: its name and address, its colours (the drawings' upholstery and its
 * shadows), its family, a note for the fabrics page and the weeks a sold-out option waits for it.
 * The browser checks the form with the server's own schema (lib/admin/fabric-form.ts) first.
 */
export function FabricForm({ initial, families }: { initial: FabricFormValues; families: string[] }) {
  const id = useId();
  const router = useRouter();
  const { submit, pending, ready, fields, error } = useFormSubmit({ fieldNames: FIELDS });
  const remove = useFormSubmit();
  const { onNameChange, address } = useSlugFromName(initial.id === null, initial.slug);

  const save = submit(async (form) => {
    const text = formText(form);
    const fabric = {
      name: text("name"),
      slug: text("slug"),
      hex: text("hex"),
      shade: text("shade"),
      family: text("family"),
      note: text("note"),
      colourWords: text("colourWords"),
      restockWeeks: text("restockWeeks"),
      position: text("position"),
    };
    refuseLocally(fabricFieldErrors(fabric));
    const answer =
      initial.id === null
        ? await callApi<Saved>("POST", "/api/admin/fabrics", fabric)
        : await callApi<Saved>("PATCH", `/api/admin/fabrics/${initial.id}`, fabric);
    toast({ title: answer.message, type: "success" });
    if (initial.id === null) router.push(`/admin/fabrics/${answer.fabric.id}`);
    else router.refresh();
  });

  const destroy = remove.submit(async () => {
    const answer = await callApi<{ message: string }>("DELETE", `/api/admin/fabrics/${initial.id}`);
    toast({ title: answer.message, type: "success" });
    router.push("/admin/fabrics");
  });

  const f = (name: string) => `${id}-${name}`;
  return (
    <div className="grid gap-5">
      <form
        noValidate
        onSubmit={save}
        className="grid gap-5"
        aria-label={initial.id === null ? "New fabric" : `Fabric ${initial.name}`}
      >
        <fieldset className="grid gap-4 rounded-card border border-ink/10 bg-white p-4 sm:grid-cols-2 sm:p-5">
          <legend className="px-1 text-sm font-semibold text-ink">The fabric</legend>
          <Field
            id={f("name")}
            name="name"
            label="Name"
            defaultValue={initial.name}
            error={fields.name}
            onChange={onNameChange}
            hint="As products name it in their Fabric option"
            required
          />
          <Field
            id={f("slug")}
            name="slug"
            label="Address"
            error={fields.slug}
            hint="In the fabric filter's links (?fabric=…) and swatch requests: lower-case letters, digits and hyphens"
            autoCapitalize="none"
            spellCheck={false}
            required
            {...address}
          />
          <ColourField
            id={f("hex")}
            name="hex"
            label="Colour"
            initial={initial.hex}
            error={fields.hex}
            hint="The upholstery's colour, as #rrggbb"
          />
          <ColourField
            id={f("shade")}
            name="shade"
            label="Shade"
            initial={initial.shade}
            error={fields.shade}
            hint="A darker tone for shadows and seams"
          />
          <Field
            id={f("family")}
            name="family"
            label="Family"
            defaultValue={initial.family}
            error={fields.family}
            list={f("families")}
            hint="The fabrics page groups the range by it"
            required
          />
          <datalist id={f("families")}>
            {families.map((family) => (
              <option key={family} value={family} />
            ))}
          </datalist>
          <Field
            id={f("restockWeeks")}
            name="restockWeeks"
            label="Restock weeks"
            inputMode="numeric"
            defaultValue={initial.restockWeeks}
            error={fields.restockWeeks}
            hint="What a sold-out option says: Back in about … weeks"
            required
          />
          <Field
            id={f("position")}
            name="position"
            label="Order"
            inputMode="numeric"
            defaultValue={initial.position}
            error={fields.position}
            hint="Lower numbers come first in filters and on the fabrics page"
          />
          <Field
            id={f("colourWords")}
            name="colourWords"
            label="Colour words"
            defaultValue={initial.colourWords}
            error={fields.colourWords}
            hint="What shoppers may search it by besides its name, separated by commas: grey, taupe"
            autoCapitalize="none"
            className="sm:col-span-2"
          />
          <TextAreaField
            id={f("note")}
            name="note"
            label="Note"
            rows={3}
            defaultValue={initial.note}
            error={fields.note}
            hint="Shown under the swatch on the fabrics page"
            className="sm:col-span-2"
          />
        </fieldset>
        <FormError message={error} />
        <div>
          <button type="submit" className={BUTTON} disabled={!ready || pending}>
            {pending ? "Saving…" : initial.id === null ? "Create fabric" : "Save fabric"}
          </button>
        </div>
      </form>
      {initial.id !== null ? (
        <form onSubmit={destroy} aria-label="Delete the fabric" className="grid gap-2">
          <FormError message={remove.message} />
          <div>
            <button type="submit" className={BUTTON_DANGER} disabled={!remove.ready || remove.pending}>
              Delete fabric
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
