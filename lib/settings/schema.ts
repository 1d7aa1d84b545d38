import { z } from "zod";
import { PAYMENT_METHODS } from "@/lib/payments/methods";

/**
 * The shop's settings staff change in the back office (/admin/settings), as the browser checks a
 * form before sending it and the server checks it again: one schema per part, so both give the
 * same message for the same field. Stored one row per part (shop_settings), each read at the
 * request that needs it, so a change shows on every process at once.
 */

const words = (what: string, max: number) =>
  z
    .string({ error: `Give the ${what}` })
    .trim()
    .min(1, { error: `Give the ${what}` })
    .max(max, { error: `Keep the ${what} to ${max} characters` });

/** Digits as a bank prints them, with the spaces or dashes people type between groups removed. */
const digits = (what: string, pattern: RegExp, rule: string) =>
  z
    .string({ error: `Give the ${what}` })
    .transform((text) => text.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(pattern, { error: `The ${what} is ${rule}` }));

/** The account shoppers pay a bank transfer into: shown on the order page and in the order's e-mails. */
export const bankAccountFields = z.object({
  accountName: words("account holder's name", 80),
  bankName: words("bank's name", 60),
  accountNumber: digits("account number", /^\d{6,16}$/, "6 to 16 digits"),
  branchCode: digits("branch code", /^\d{6}$/, "6 digits (the universal branch code, e.g. 250655)"),
  accountType: z.string().trim().max(40, { error: "Keep the account type to 40 characters" }).optional().default(""),
});
export type BankAccountSetting = z.output<typeof bankAccountFields>;

/**
 * The payment methods the shop offers, of those it can (lib/payments/availability.ts): a method
 * without its gateway's credentials, or bank transfer without an account, cannot be switched on.
 */
export const paymentMethodsFields = z.object({
  offered: z
    .array(z.enum(PAYMENT_METHODS, { error: "Choose from the shop's payment methods" }), {
      error: "Choose the payment methods to offer",
    })
    .min(1, { error: "Offer at least one way to pay" })
    .transform((list) => PAYMENT_METHODS.filter((m) => list.includes(m))),
});
export type PaymentMethodsSetting = z.output<typeof paymentMethodsFields>;

/** Each part of the settings: its key in shop_settings, its schema and what the audit log calls it. */
export const SETTINGS = {
  bankAccount: { key: "bank-account", schema: bankAccountFields, label: "Bank account for transfers" },
  paymentMethods: { key: "payment-methods", schema: paymentMethodsFields, label: "Payment methods" },
} as const;
export type SettingName = keyof typeof SETTINGS;
export type SettingValue<N extends SettingName> = z.output<(typeof SETTINGS)[N]["schema"]>;
