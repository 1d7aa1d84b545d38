import { z } from "zod";

import { COUNTRY, PROVINCES, type Province } from "@/lib/forms/provinces";
import { toE164Phone } from "@/lib/forms/phone";

export { COUNTRY, PROVINCES, type Province };

export const DEFAULT_PROVINCE: Province = "Western Cape";

const text = (name: string, max = 100) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(max, `${name} is too long`);
const optionalText = (max = 100) => z.string().trim().max(max).optional().default("");

export const phoneSchema = z
  .string({ error: "Phone is required" })
  .trim()
  .min(1, "Phone is required")
  .transform((v, ctx) => {
    const phone = toE164Phone(v);
    if (!phone) {
      ctx.addIssue({ code: "custom", message: "Enter a South African phone number, e.g. 082 123 4567" });
      return z.NEVER;
    }
    return phone;
  });

/** An address, as the checkout sends it. */
export const addressSchema = z.object({
  FirstName: text("First name", 60),
  LastName: text("Last name", 60),
  CompanyName: optionalText(100),
  StreetAddress1: text("Street address", 120),
  StreetAddress2: optionalText(120),
  City: text("City", 60),
  Province: z.enum(PROVINCES, { error: "Choose a province" }),
  Postcode: z
    .string({ error: "Postcode is required" })
    .trim()
    .regex(/^\d{4}$/, "Postcode must be 4 digits"),
  Country: z.literal(COUNTRY, { error: "We deliver in South Africa only" }).default(COUNTRY),
});
export type AddressInput = z.infer<typeof addressSchema>;
