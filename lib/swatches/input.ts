import { z } from "zod";
import type { Fabric } from "@/lib/catalog/fabrics";
import { emailSchema, PROVINCES } from "@/lib/orders/address";
import { toE164Phone } from "@/lib/forms/phone";
import { addressRules, CHECKOUT_MESSAGES, POSTCODE_PATTERN, type FieldRule } from "@/lib/orders/checkout-fields";
import { SWATCH_MESSAGES, SWATCHES } from "@/lib/swatches/rules";

/** A text field checked by the checkout's own rule for it, so both forms say the same. */
const ruled = (rule: FieldRule) =>
  z
    .string({ error: rule("") ?? "Enter text" })
    .trim()
    .superRefine((v, ctx) => {
      const message = rule(v);
      if (message) ctx.addIssue({ code: "custom", message });
    });

/** One value, or the same field repeated (a form's checkboxes), as a list. */
const list = z.preprocess(
  (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.string({ error: SWATCH_MESSAGES.fabricUnknown }).max(40, SWATCH_MESSAGES.fabricUnknown)),
);

/** A swatch request as the form sends it: the fabrics (of `range`, the shop's), who, and where to post them. */
export const swatchRequestSchema = (range: readonly Pick<Fabric, "slug">[]) => {
  const known = new Set(range.map((f) => f.slug));
  return z.object({
    fabrics: list
      .transform((slugs) => [...new Set(slugs.map((s) => s.trim().toLowerCase()))])
      .superRefine((slugs, ctx) => {
        if (slugs.length === 0) ctx.addIssue({ code: "custom", message: SWATCH_MESSAGES.fabricsMissing });
        else if (slugs.length > SWATCHES.maxFabrics)
          ctx.addIssue({ code: "custom", message: SWATCH_MESSAGES.fabricsTooMany });
        else if (slugs.some((s) => !known.has(s)))
          ctx.addIssue({ code: "custom", message: SWATCH_MESSAGES.fabricUnknown });
      }),
    firstName: ruled(addressRules.FirstName),
    lastName: ruled(addressRules.LastName),
    email: emailSchema,
    /** Optional: the courier may call; an answer must be a South African number. */
    phone: z
      .string({ error: CHECKOUT_MESSAGES.phoneInvalid })
      .trim()
      .optional()
      .default("")
      .transform((v, ctx) => {
        if (v === "") return "";
        const phone = toE164Phone(v);
        if (!phone) {
          ctx.addIssue({ code: "custom", message: CHECKOUT_MESSAGES.phoneInvalid });
          return z.NEVER;
        }
        return phone;
      }),
    streetAddress1: ruled(addressRules.StreetAddress1),
    streetAddress2: ruled(addressRules.StreetAddress2).optional().default(""),
    city: ruled(addressRules.City),
    postcode: z
      .string({ error: CHECKOUT_MESSAGES.postcode })
      .trim()
      .regex(POSTCODE_PATTERN, CHECKOUT_MESSAGES.postcode),
    province: z.enum(PROVINCES, { error: CHECKOUT_MESSAGES.province }),
  });
};
export type SwatchRequestInput = z.infer<ReturnType<typeof swatchRequestSchema>>;
