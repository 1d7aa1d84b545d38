import "server-only";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { swatchRequests } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { sendToTypedAddress } from "@/lib/mail/recipient-limits";
import { SITE } from "@/lib/config/site";
import { emailHtml } from "@/lib/forms/email-html";
import { fabricBySlug, type Fabric } from "@/lib/catalog/fabrics";
import { listFabrics } from "@/lib/catalog/queries";
import type { SwatchRequestInput } from "@/lib/swatches/input";
import { addressKey, SWATCH_MAIL_LIMIT, SWATCH_MESSAGES, SWATCHES } from "@/lib/swatches/rules";
import { SHOP_TIME_ZONE } from "@/lib/config/shop-time";

const DAY_MS = 86_400_000;
const day = new Intl.DateTimeFormat("en-ZA", { day: "numeric", month: "long", timeZone: SHOP_TIME_ZONE });

export const SWATCH_REQUEST_KIND = "swatch-request";

export type SwatchRequest = typeof swatchRequests.$inferSelect;

/** The names of the fabrics a request chose, from the range; a fabric since deleted keeps its slug. */
export function fabricNames(range: readonly Pick<Fabric, "slug" | "name">[], slugs: readonly string[]): string[] {
  return slugs.map((s) => fabricBySlug(range, s)?.name ?? s);
}

/**
 * Keeps a request and e-mails the shopper a confirmation (within the inbox's daily limit). One address asks once in 30 days: the
 * check and the insert hold a lock on the address, so two requests at once cannot both pass.
 * A refusal says when the address may ask again.
 */
export async function requestSwatches(
  db: Db,
  input: SwatchRequestInput,
  ip: string,
  now = new Date(),
): Promise<{ id: number; message: string }> {
  const key = addressKey(input);
  const since = new Date(now.getTime() - SWATCHES.perAddressDays * DAY_MS);
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`swatches:${key}`}))`);
    const [last] = await tx
      .select({ createdAt: swatchRequests.createdAt })
      .from(swatchRequests)
      .where(and(eq(swatchRequests.addressKey, key), gt(swatchRequests.createdAt, since)))
      .orderBy(desc(swatchRequests.createdAt))
      .limit(1);
    if (last) {
      const again = new Date(last.createdAt.getTime() + SWATCHES.perAddressDays * DAY_MS);
      throw new ApiError(
        409,
        "swatches_recently_sent",
        `We sent swatches to this address on ${day.format(last.createdAt)}. You can ask for more from ${day.format(again)}, or write to ${SITE.email} if something is missing.`,
        { field: "streetAddress1", again: again.toISOString() },
      );
    }
    const [inserted] = await tx
      .insert(swatchRequests)
      .values({ ...input, addressKey: key, ip, createdAt: now })
      .returning({ id: swatchRequests.id });
    return inserted!;
  });
  const names = fabricNames(await listFabrics(db), input.fabrics);
  // Nobody has shown the address is theirs: the mail repeats nothing the visitor wrote, only
  // what the shop checked (the fabrics, the postcode, the province).
  const intro = `Thank you. We will post ${names.length === 1 ? "this swatch" : `these ${names.length} swatches`} within ${SWATCHES.postedWithinWorkingDays} working days, free: ${names.join(", ")}.`;
  const address = `the address you gave, postcode ${input.postcode}, ${input.province}`;
  await sendToTypedAddress(db, { kind: SWATCH_REQUEST_KIND, to: input.email, limit: SWATCH_MAIL_LIMIT }, () => ({
    subject: `Your free fabric swatches from ${SITE.name}`,
    text: `${intro}\n\nPosting to ${address}.\n\nRequest #${row.id}. Questions? Reply to ${SITE.email}.`,
    html: emailHtml({
      heading: "Your free fabric swatches",
      paragraphs: [intro, `Posting to ${address}.`, `Request #${row.id}.`],
      footer: `Questions? Write to ${SITE.email}.`,
    }),
  }));
  return { id: row.id, message: SWATCH_MESSAGES.sent };
}
