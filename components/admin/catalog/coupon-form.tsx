"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { callApi } from "@/lib/http/api-client";
import { toast } from "@/stores/toast";
import { BUTTON } from "@/components/admin/ui";
import { CheckField, Field, FormError, SelectField } from "@/components/admin/catalog/field";
import type { CouponFormValues } from "@/lib/admin/coupon-form-values";

type Choices = { products: Array<{ id: number; name: string }>; categories: Array<{ slug: string; name: string }> };

const KINDS = [
  { value: "percent", label: "Percentage off" },
  { value: "fixed_cart", label: "Fixed amount off the cart" },
  { value: "fixed_product", label: "Fixed amount off each item" },
  { value: "free_product", label: "A free product" },
] as const;

const FIELDS = [
  "code",
  "description",
  "kind",
  "amount",
  "freeProductId",
  "requiresCategorySlug",
  "minSpend",
  "startsAt",
  "expiresAt",
  "usageLimit",
  "usageLimitPerCustomer",
  "productIds",
  "categorySlugs",
  "autoOrder",
];

/** The form's values that a text field or a single select edits as typed. */
type TextField = {
  [K in keyof CouponFormValues]: CouponFormValues[K] extends string ? (K extends "kind" ? never : K) : never;
}[keyof CouponFormValues];

/** The coupon's dates and limits, each a text field of the form's values under its own name. */
const WHEN_FIELDS = [
  { key: "starts", name: "startsAt", type: "datetime-local", label: "Starts", hint: "South African time; empty: now" },
  { key: "expires", name: "expiresAt", type: "datetime-local", label: "Ends", hint: "Empty: never" },
  { key: "limit", name: "usageLimit", inputMode: "numeric", label: "Uses in all", hint: "Empty: no limit" },
  {
    key: "per",
    name: "usageLimitPerCustomer",
    inputMode: "numeric",
    label: "Uses per customer",
    hint: "Counted by account and e-mail address",
  },
] as const;

type Option = { value: string | number; label: string };

/** A select's options. */
function options(items: readonly Option[]) {
  return items.map((item) => (
    <option key={item.value} value={item.value}>
      {item.label}
    </option>
  ));
}

/** Every rule the cart reads, on one form: a new coupon, or an existing one's (its code stays). */
export function CouponForm({ initial, choices }: { initial: CouponFormValues; choices: Choices }) {
  const id = useId();
  const router = useRouter();
  const [kind, setKind] = useState(initial.kind);
  const [automatic, setAutomatic] = useState(initial.automatic);
  const { submit, pending, ready, fields, error } = useFormSubmit({ fieldNames: FIELDS });

  const save = submit(async (form) => {
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? "");
    const coupon = {
      description: text("description"),
      kind: text("kind"),
      amount: text("amount"),
      freeProductId: text("freeProductId"),
      requiresCategorySlug: text("requiresCategorySlug"),
      minSpend: text("minSpend"),
      startsAt: text("startsAt"),
      expiresAt: text("expiresAt"),
      usageLimit: text("usageLimit"),
      usageLimitPerCustomer: text("usageLimitPerCustomer"),
      productIds: data.getAll("productIds").map(String),
      categorySlugs: data.getAll("categorySlugs").map(String),
      automatic: data.get("automatic") === "on",
      autoOrder: text("autoOrder"),
      affiliate: data.get("affiliate") === "on",
      active: data.get("active") === "on",
    };
    const answer =
      initial.id === null
        ? await callApi<{ coupon: { id: number }; message: string }>("POST", "/api/admin/coupons", {
            code: text("code"),
            ...coupon,
          })
        : await callApi<{ coupon: { id: number }; message: string }>("POST", `/api/admin/coupons/${initial.id}`, {
            action: "update",
            coupon,
          });
    toast({ title: answer.message, type: "success" });
    if (initial.id === null) router.push(`/admin/coupons/${answer.coupon.id}`);
    else router.refresh();
  });

  const f = (name: string) => `${id}-${name}`;
  const products = choices.products.map((p) => ({ value: p.id, label: p.name }));
  const categories = choices.categories.map((c) => ({ value: c.slug, label: c.name }));
  /** A text field's id, name, value and message: `key` names its id, `name` the value it edits. */
  const bound = (key: string, name: TextField) => ({
    id: f(key),
    name,
    defaultValue: initial[name],
    error: fields[name],
  });
  return (
    <form
      noValidate
      onSubmit={save}
      className="grid gap-5"
      aria-label={initial.id === null ? "New coupon" : `Coupon ${initial.code}`}
    >
      <fieldset className="grid gap-4 rounded-card border border-ink/10 bg-white p-4 sm:grid-cols-2 sm:p-5">
        <legend className="px-1 text-sm font-semibold text-ink">The offer</legend>
        {initial.id === null ? (
          <Field
            {...bound("code", "code")}
            label="Code"
            autoCapitalize="characters"
            hint="What shoppers type, e.g. SPRING15 (letters, digits, - and _)"
            required
          />
        ) : null}
        <Field
          {...bound("description", "description")}
          label="Description"
          hint="Shown to shoppers with the discount"
        />
        <SelectField
          id={f("kind")}
          name="kind"
          label="Discount"
          value={kind}
          onChange={(e) => setKind(e.target.value as CouponFormValues["kind"])}
          error={fields.kind}
        >
          {options(KINDS)}
        </SelectField>
        {kind === "free_product" ? (
          <>
            <SelectField {...bound("free", "freeProductId")} label="Free product">
              <option value="">Choose a product</option>
              {options(products)}
            </SelectField>
            <SelectField {...bound("requires", "requiresCategorySlug")} label="Only with a product from">
              <option value="">Any other product</option>
              {options(categories)}
            </SelectField>
          </>
        ) : (
          <Field
            {...bound("amount", "amount")}
            label={kind === "percent" ? "Percent off" : "Amount off (R)"}
            inputMode={kind === "percent" ? "numeric" : "decimal"}
            required
          />
        )}
      </fieldset>

      <fieldset className="grid gap-4 rounded-card border border-ink/10 bg-white p-4 sm:grid-cols-2 sm:p-5">
        <legend className="px-1 text-sm font-semibold text-ink">When and how often</legend>
        <Field {...bound("min", "minSpend")} label="Minimum spend (R)" inputMode="decimal" hint="Empty: no minimum" />
        <div className="hidden sm:block" />
        {WHEN_FIELDS.map(({ key, name, ...field }) => (
          <Field key={key} {...bound(key, name)} {...field} />
        ))}
      </fieldset>

      <fieldset className="grid gap-4 rounded-card border border-ink/10 bg-white p-4 sm:p-5">
        <legend className="px-1 text-sm font-semibold text-ink">Applies to</legend>
        <div>
          <p className="mb-1 text-xs font-semibold text-stone-700" id={f("cats")}>
            Categories (none ticked: all)
          </p>
          <div className="flex flex-wrap gap-x-5 gap-y-2" role="group" aria-labelledby={f("cats")}>
            {choices.categories.map((c) => (
              <CheckField
                key={c.slug}
                name="categorySlugs"
                value={c.slug}
                defaultChecked={initial.categorySlugs.includes(c.slug)}
              >
                {c.name}
              </CheckField>
            ))}
          </div>
          {fields.categorySlugs ? <p className="mt-1 text-xs font-medium text-danger">{fields.categorySlugs}</p> : null}
        </div>
        <SelectField
          id={f("products")}
          name="productIds"
          label="Products (none chosen: all)"
          multiple
          size={6}
          defaultValue={initial.productIds.map(String)}
          hint="Hold Ctrl (or ⌘) to choose more than one."
          error={fields.productIds}
        >
          {options(products)}
        </SelectField>
      </fieldset>

      <fieldset className="grid gap-4 rounded-card border border-ink/10 bg-white p-4 sm:grid-cols-2 sm:p-5">
        <legend className="px-1 text-sm font-semibold text-ink">How it is used</legend>
        <CheckField name="automatic" checked={automatic} onChange={(e) => setAutomatic(e.target.checked)}>
          Applied automatically to every cart it fits
        </CheckField>
        {automatic ? (
          <Field
            {...bound("order", "autoOrder")}
            inputMode="numeric"
            label="Order among automatic coupons"
            hint="Lower is tried first"
          />
        ) : (
          <div className="hidden sm:block" />
        )}
        <CheckField name="affiliate" defaultChecked={initial.affiliate}>
          Affiliate code (works from a partner&apos;s ?coupon= link)
        </CheckField>
        <CheckField name="active" defaultChecked={initial.active}>
          Active
        </CheckField>
      </fieldset>

      <FormError message={error} />
      <div>
        <button type="submit" className={BUTTON} disabled={!ready || pending}>
          {initial.id === null ? "Create coupon" : "Save coupon"}
        </button>
      </div>
    </form>
  );
}
