"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { useFormSubmit } from "@/lib/forms/use-form-submit";
import { callApi } from "@/lib/http/api-client";
import { toast } from "@/stores/toast";
import { BUTTON, INPUT, LABEL } from "@/components/admin/ui";
import { Field, FormError } from "@/components/admin/catalog/field";
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

const CHECK = "size-5 accent-olive-700";

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
            id={f("code")}
            name="code"
            label="Code"
            defaultValue={initial.code}
            error={fields.code}
            autoCapitalize="characters"
            hint="What shoppers type, e.g. SPRING15 (letters, digits, - and _)"
            required
          />
        ) : null}
        <Field
          id={f("description")}
          name="description"
          label="Description"
          defaultValue={initial.description}
          error={fields.description}
          hint="Shown to shoppers with the discount"
        />
        <div>
          <label htmlFor={f("kind")} className={LABEL}>
            Discount
          </label>
          <select
            id={f("kind")}
            name="kind"
            className={INPUT}
            value={kind}
            onChange={(e) => setKind(e.target.value as CouponFormValues["kind"])}
            aria-invalid={fields.kind ? true : undefined}
          >
            {KINDS.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
        </div>
        {kind === "free_product" ? (
          <>
            <div>
              <label htmlFor={f("free")} className={LABEL}>
                Free product
              </label>
              <select
                id={f("free")}
                name="freeProductId"
                className={INPUT}
                defaultValue={initial.freeProductId}
                aria-invalid={fields.freeProductId ? true : undefined}
                aria-describedby={fields.freeProductId ? `${f("free")}-error` : undefined}
              >
                <option value="">Choose a product</option>
                {choices.products.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
              {fields.freeProductId ? (
                <p id={`${f("free")}-error`} className="mt-1 text-xs font-medium text-danger">
                  {fields.freeProductId}
                </p>
              ) : null}
            </div>
            <div>
              <label htmlFor={f("requires")} className={LABEL}>
                Only with a product from
              </label>
              <select
                id={f("requires")}
                name="requiresCategorySlug"
                className={INPUT}
                defaultValue={initial.requiresCategorySlug}
              >
                <option value="">Any other product</option>
                {choices.categories.map((c) => (
                  <option key={c.slug} value={c.slug}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
          </>
        ) : (
          <Field
            id={f("amount")}
            name="amount"
            label={kind === "percent" ? "Percent off" : "Amount off (R)"}
            inputMode={kind === "percent" ? "numeric" : "decimal"}
            defaultValue={initial.amount}
            error={fields.amount}
            required
          />
        )}
      </fieldset>

      <fieldset className="grid gap-4 rounded-card border border-ink/10 bg-white p-4 sm:grid-cols-2 sm:p-5">
        <legend className="px-1 text-sm font-semibold text-ink">When and how often</legend>
        <Field
          id={f("min")}
          name="minSpend"
          label="Minimum spend (R)"
          inputMode="decimal"
          defaultValue={initial.minSpend}
          error={fields.minSpend}
          hint="Empty: no minimum"
        />
        <div className="hidden sm:block" />
        <Field
          id={f("starts")}
          name="startsAt"
          type="datetime-local"
          label="Starts"
          defaultValue={initial.startsAt}
          error={fields.startsAt}
          hint="South African time; empty: now"
        />
        <Field
          id={f("expires")}
          name="expiresAt"
          type="datetime-local"
          label="Ends"
          defaultValue={initial.expiresAt}
          error={fields.expiresAt}
          hint="Empty: never"
        />
        <Field
          id={f("limit")}
          name="usageLimit"
          inputMode="numeric"
          label="Uses in all"
          defaultValue={initial.usageLimit}
          error={fields.usageLimit}
          hint="Empty: no limit"
        />
        <Field
          id={f("per")}
          name="usageLimitPerCustomer"
          inputMode="numeric"
          label="Uses per customer"
          defaultValue={initial.usageLimitPerCustomer}
          error={fields.usageLimitPerCustomer}
          hint="Counted by account and e-mail address"
        />
      </fieldset>

      <fieldset className="grid gap-4 rounded-card border border-ink/10 bg-white p-4 sm:p-5">
        <legend className="px-1 text-sm font-semibold text-ink">Applies to</legend>
        <div>
          <p className="mb-1 text-xs font-semibold text-stone-700" id={f("cats")}>
            Categories (none ticked: all)
          </p>
          <div className="flex flex-wrap gap-x-5 gap-y-2" role="group" aria-labelledby={f("cats")}>
            {choices.categories.map((c) => (
              <label key={c.slug} className="inline-flex min-h-6 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="categorySlugs"
                  value={c.slug}
                  defaultChecked={initial.categorySlugs.includes(c.slug)}
                  className={CHECK}
                />
                {c.name}
              </label>
            ))}
          </div>
          {fields.categorySlugs ? <p className="mt-1 text-xs font-medium text-danger">{fields.categorySlugs}</p> : null}
        </div>
        <div>
          <label htmlFor={f("products")} className={LABEL}>
            Products (none chosen: all)
          </label>
          <select
            id={f("products")}
            name="productIds"
            multiple
            size={6}
            className={`${INPUT} h-auto`}
            defaultValue={initial.productIds.map(String)}
            aria-describedby={`${f("products")}-hint`}
          >
            {choices.products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          <p id={`${f("products")}-hint`} className="mt-1 text-xs text-stone-600">
            Hold Ctrl (or ⌘) to choose more than one.
          </p>
          {fields.productIds ? <p className="mt-1 text-xs font-medium text-danger">{fields.productIds}</p> : null}
        </div>
      </fieldset>

      <fieldset className="grid gap-4 rounded-card border border-ink/10 bg-white p-4 sm:grid-cols-2 sm:p-5">
        <legend className="px-1 text-sm font-semibold text-ink">How it is used</legend>
        <label className="inline-flex min-h-6 items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="automatic"
            className={CHECK}
            checked={automatic}
            onChange={(e) => setAutomatic(e.target.checked)}
          />
          Applied automatically to every cart it fits
        </label>
        {automatic ? (
          <Field
            id={f("order")}
            name="autoOrder"
            inputMode="numeric"
            label="Order among automatic coupons"
            defaultValue={initial.autoOrder}
            error={fields.autoOrder}
            hint="Lower is tried first"
          />
        ) : (
          <div className="hidden sm:block" />
        )}
        <label className="inline-flex min-h-6 items-center gap-2 text-sm">
          <input type="checkbox" name="affiliate" className={CHECK} defaultChecked={initial.affiliate} />
          Affiliate code (works from a partner&apos;s ?coupon= link)
        </label>
        <label className="inline-flex min-h-6 items-center gap-2 text-sm">
          <input type="checkbox" name="active" className={CHECK} defaultChecked={initial.active} />
          Active
        </label>
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
