import { z } from "zod";
import { isValidEmail, MESSAGES } from "@/lib/forms/validation";

export const RESTOCK_LIMIT = { limit: 10, windowSeconds: 3600 };
export const RESTOCK_CONFIRM_LIMIT = { limit: 30, windowSeconds: 3600 };
/**
 * Confirmation e-mails one inbox is sent in a day: one per item asked for, and asking again sends
 * it again, but anyone can ask for any address.
 */
export const RESTOCK_CONFIRM_MAIL_LIMIT = { limit: 5, windowSeconds: 86_400 };

export const REQUESTED_MESSAGE =
  "Almost done: we sent you an e-mail. Confirm with its link and we will tell you when this is back.";
export const CONFIRMED_MESSAGE = "Confirmed: we will e-mail you once, when this is back in stock.";

const id = z.coerce.number().int("Expected a whole number").min(1).max(2_147_483_647);

/** POST /api/back-in-stock: who to tell, about which product or variation. */
export const restockSchema = z.object({
  email: z
    .string(MESSAGES.incomplete)
    .trim()
    .min(1, MESSAGES.incomplete)
    .max(254, MESSAGES.email)
    .refine(isValidEmail, MESSAGES.email)
    .transform((e) => e.toLowerCase()),
  productId: id,
  variationId: id.nullish().transform((v) => v ?? null),
});

export type RestockInput = z.infer<typeof restockSchema>;

/** POST /api/back-in-stock-confirm: the token from the confirmation e-mail. */
export const confirmSchema = z.object({ token: z.string().trim().min(1, "Missing token").max(200) });
