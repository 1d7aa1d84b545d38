import "server-only";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { swatchRequests } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { sendMail } from "@/lib/mail/mail";
import { SITE } from "@/lib/config/site";
import { emailHtml } from "@/lib/forms/email-html";
import { FABRICS } from "@/lib/catalog/fabrics";
import type { SwatchRequestInput } from "@/lib/swatches/input";
import { addressKey, SWATCH_MESSAGES, SWATCHES } from "@/lib/swatches/rules";

const DAY_MS = 86_400_000;
const day = new Intl.DateTimeFormat("en-ZA", { day: "numeric", month: "long", timeZone: "Africa/Johannesburg" });

export type SwatchRequest = typeof swatchRequests.$inferSelect;

export function fabricNames(slugs: readonly string[]): string[] {
  return slugs.map((s) => FABRICS.find((f) => f.slug === s)?.name ?? s);
}

function postalLines(r: SwatchRequestInput): string[] {
  return [
    `${r.firstName} ${r.lastName}`,
    r.streetAddress1,
    r.streetAddress2,
    `${r.city}, ${r.postcode}`,
    r.province,
  ].filter(Boolean);
}

/**
 * Keeps a request and e-mails the shopper a confirmation. One address asks once in 30 days: the
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
  const names = fabricNames(input.fabrics);
  const intro = `Thank you, ${input.firstName}. We will post ${names.length === 1 ? "this swatch" : `these ${names.length} swatches`} within ${SWATCHES.postedWithinWorkingDays} working days, free: ${names.join(", ")}.`;
  const address = postalLines(input).join("\n");
  await sendMail(db, {
    kind: "swatch-request",
    to: input.email,
    subject: `Your free fabric swatches from ${SITE.name}`,
    text: `${intro}\n\nPosting to:\n${address}\n\nRequest #${row.id}. Questions? Reply to ${SITE.email}.`,
    html: emailHtml({
      heading: "Your free fabric swatches",
      paragraphs: [intro, `Posting to:\n${address}`, `Request #${row.id}.`],
      footer: `Questions? Write to ${SITE.email}.`,
    }),
  });
  return { id: row.id, message: SWATCH_MESSAGES.sent };
}
