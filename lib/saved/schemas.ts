import { z } from "zod";

/** How many items a saved list holds; a guest list sent for merging or pricing is cut to this. */
export const SAVED_LIMIT = 100;

const id = z.coerce.number().int("Expected a whole number").min(1).max(2_147_483_647);

/** One product, with its chosen variation (none for a simple product). */
export const savedItemSchema = z.object({
  productId: id,
  variationId: id.nullish().transform((v) => v ?? null),
});

/** A guest's saved item kept in the browser: what it cost when it was saved, and when. */
export const guestItemSchema = savedItemSchema.extend({
  priceCents: z.coerce.number().int().min(1).max(100_000_000).optional(),
  savedAt: z.coerce.number().int().min(0).max(8_640_000_000_000).optional(),
});

export type SavedItemInput = z.infer<typeof savedItemSchema>;
export type GuestItem = z.infer<typeof guestItemSchema>;

/** POST /api/saved: one item saved, or the guest list moved to the account after sign-in. */
export const saveSchema = z.union([
  z.object({ items: z.array(guestItemSchema).max(SAVED_LIMIT), token: z.string().max(2000).optional() }),
  savedItemSchema.extend({ token: z.string().max(2000).optional() }),
]);

/** DELETE /api/saved */
export const removeSchema = savedItemSchema.extend({ token: z.string().max(2000).optional() });

/**
 * GET /api/saved: the signed-in customer's list, or a guest's list priced from `items`
 * ("productId:variationId:priceCents:savedAt" joined by commas; 0 for no variation).
 */
export const listSchema = z.object({
  items: z
    .string()
    .max(SAVED_LIMIT * 60)
    .regex(/^(\d{1,10}:\d{1,10}:\d{1,10}:\d{1,16})?(,\d{1,10}:\d{1,10}:\d{1,10}:\d{1,16})*$/, "Expected a saved list")
    .optional(),
  token: z.string().max(2000).optional(),
});

/** The `items` query of a guest's list, as items. */
export function parseGuestQuery(items: string): GuestItem[] {
  const out: GuestItem[] = [];
  for (const part of items.split(",").slice(0, SAVED_LIMIT)) {
    if (!part) continue;
    const [p, v, c, t] = part.split(":").map(Number);
    const parsed = guestItemSchema.safeParse({
      productId: p,
      variationId: v || null,
      priceCents: c || undefined,
      savedAt: t,
    });
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

export const SHARE_TOKEN = /^[A-Za-z0-9_-]{32}$/;
