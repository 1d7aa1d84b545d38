import { z } from "zod";
import { toE164Phone } from "@/lib/forms/phone";
import { RESET_CODE_DIGITS } from "@/lib/auth/register-fields";

export const INVALID_EMAIL = "Invalid email";
export const INVALID_NAME = "Invalid Name";

export const emailField = z
  .string({ error: INVALID_EMAIL })
  .trim()
  .max(254, INVALID_EMAIL)
  .pipe(z.email({ error: INVALID_EMAIL }))
  .transform((e) => e.toLowerCase());

const nameField = z.string({ error: INVALID_NAME }).trim().min(1, INVALID_NAME).max(80, INVALID_NAME);
const optionalText = (max: number) => z.string().trim().max(max).optional();

/** A password as typed: never trimmed; its rules are checked by lib/auth/passwords. */
const passwordField = z
  .string({ error: "Please enter a password" })
  .min(1, "Please enter a password")
  .max(1024, "That password is too long");

const tokenField = z.string().max(4096).optional();

export const registerSchema = z.object({
  email: emailField,
  password: passwordField,
  first_name: nameField,
  last_name: nameField,
  phone: z
    .string()
    .trim()
    .max(20, "Invalid phone number")
    .refine((v) => v === "" || toE164Phone(v) !== null, "Invalid phone number")
    .optional(),
  city: optionalText(80),
  state: optionalText(80),
  postcode: optionalText(10),
  country: optionalText(80),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** Any text is accepted as the e-mail here: a wrong one is a failed sign-in, not bad input. */
export const loginSchema = z.object({
  email: z
    .string({ error: "Please enter your e-mail address" })
    .trim()
    .min(1, "Please enter your e-mail address")
    .max(254, INVALID_EMAIL),
  password: passwordField,
});

export const tokenSchema = z.object({ token: tokenField });

export const changePasswordSchema = z.object({
  token: tokenField,
  current_password: passwordField,
  new_password: passwordField,
});

export const lostPasswordSetSchema = z.object({
  email: z.string({ error: INVALID_EMAIL }).trim().min(1, INVALID_EMAIL).max(254, INVALID_EMAIL),
  code: z
    .union([z.string(), z.number()], { error: `Please enter the ${RESET_CODE_DIGITS}-digit code` })
    .transform((c) => String(c).trim()),
  password: passwordField,
});

export const ordersCustomerSchema = z.object({
  token: tokenField,
  customer_id: z.coerce
    .number({ error: "customer_id must be a whole number" })
    .int("customer_id must be a whole number")
    .positive("customer_id must be a whole number"),
});
