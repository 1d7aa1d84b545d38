import { z } from "zod";
import { addressSchema, emailSchema, phoneSchema } from "@/lib/orders/address";
import { CHECKOUT_MESSAGES } from "@/lib/orders/checkout-fields";
import { PAYMENT_METHODS } from "@/lib/payments/methods";

const bool = z.preprocess(
  (v) => (v === "true" || v === "1" || v === "on" ? true : v === "false" || v === "0" || v === "" ? false : v),
  z.boolean(),
);

/** POST /api/checkout. Field names follow the contract's address set; money never comes from here. */
export const checkoutSchema = z
  .object({
    token: z.string().trim().optional(),
    cartKey: z.string().trim().optional(),
    email: emailSchema,
    phone: phoneSchema,
    shipping: addressSchema,
    billingSameAsShipping: bool.default(true),
    billing: addressSchema.optional(),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: CHECKOUT_MESSAGES.paymentMethod }),
    marketingConsent: bool.default(false),
    idempotencyKey: z
      .string({ error: "idempotencyKey is required" })
      .trim()
      .regex(/^[A-Za-z0-9_-]{16,100}$/, "idempotencyKey must be 16-100 letters, digits, - or _"),
    /** The total the shopper saw, in cents: if the shop's total differs, the order is not placed. */
    expectedTotal: z.coerce.number().int().min(0).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.billingSameAsShipping && !v.billing)
      ctx.addIssue({ code: "custom", path: ["billing"], message: CHECKOUT_MESSAGES.billing });
  });

export type CheckoutInput = z.infer<typeof checkoutSchema>;
