import { z } from "zod";

import { COUNTRY, PROVINCES, type Province } from "@/lib/forms/provinces";
import { toE164Phone } from "@/lib/forms/phone";
import {
  addressRules,
  CHECKOUT_MESSAGES,
  emailRule,
  phoneRule,
  POSTCODE_PATTERN,
  type FieldRule,
} from "@/lib/orders/checkout-fields";

export { COUNTRY, PROVINCES, type Province };

/** A text field checked by one of the rules the checkout form also runs. */
const ruledText = (rule: FieldRule) =>
  z
    .string({ error: rule("") ?? "Enter text" })
    .trim()
    .superRefine((v, ctx) => {
      const message = rule(v);
      if (message) ctx.addIssue({ code: "custom", message });
    });

const optionalText = (rule: FieldRule) => ruledText(rule).optional().default("");

export const emailSchema = ruledText(emailRule).transform((v) => v.toLowerCase());

export const phoneSchema = ruledText(phoneRule).transform((v, ctx) => {
  const phone = toE164Phone(v);
  if (!phone) {
    ctx.addIssue({ code: "custom", message: CHECKOUT_MESSAGES.phoneInvalid });
    return z.NEVER;
  }
  return phone;
});

/** An address, as the checkout sends it, its fields in the order the form shows them. */
export const addressSchema = z.object({
  FirstName: ruledText(addressRules.FirstName),
  LastName: ruledText(addressRules.LastName),
  CompanyName: optionalText(addressRules.CompanyName),
  StreetAddress1: ruledText(addressRules.StreetAddress1),
  StreetAddress2: optionalText(addressRules.StreetAddress2),
  City: ruledText(addressRules.City),
  Postcode: z.string({ error: CHECKOUT_MESSAGES.postcode }).trim().regex(POSTCODE_PATTERN, CHECKOUT_MESSAGES.postcode),
  Province: z.enum(PROVINCES, { error: CHECKOUT_MESSAGES.province }),
  Country: z.literal(COUNTRY, { error: CHECKOUT_MESSAGES.country }).default(COUNTRY),
});
export type AddressInput = z.infer<typeof addressSchema>;
