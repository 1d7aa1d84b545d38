import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { products, restockRequests, variations } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { sendMail } from "@/lib/mail/mail";
import { sendToTypedAddress } from "@/lib/mail/recipient-limits";
import { SITE } from "@/lib/config/site";
import { serverEnv } from "@/lib/config/env";
import { emailHtml } from "@/lib/forms/email-html";
import { selectionToQuery } from "@/lib/catalog/variations";
import { RESTOCK_CONFIRM_MAIL_LIMIT, type RestockInput } from "@/lib/restock/schemas";

export const RESTOCK_CONFIRM_KIND = "back-in-stock-confirm";
export const RESTOCK_ALERT_KIND = "back-in-stock";

const newToken = () => randomBytes(24).toString("base64url");

export const confirmUrl = (token: string) =>
  `${serverEnv().SITE_URL}/back-in-stock/confirm?token=${encodeURIComponent(token)}`;

type Item = { name: string; slug: string; options: Record<string, string>; stock: number };

async function itemOf(db: Db, productId: number, variationId: number | null): Promise<Item | null> {
  const [p] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.published, true)));
  if (!p) return null;
  const vs = await db.select().from(variations).where(eq(variations.productId, productId));
  if (variationId === null) return vs.length ? null : { name: p.name, slug: p.slug, options: {}, stock: p.stock };
  const v = vs.find((x) => x.id === variationId);
  return v ? { name: p.name, slug: p.slug, options: v.attributes, stock: v.stock } : null;
}

const describe = (item: Item) => {
  const options = Object.values(item.options);
  return options.length ? `${item.name} (${options.join(", ")})` : item.name;
};

const productUrl = (item: Item) => {
  const query = new URLSearchParams(selectionToQuery(item.options)).toString();
  return `${serverEnv().SITE_URL}/product/${item.slug}${query ? `?${query}` : ""}`;
};

/**
 * Asks to be told when a sold-out item is back. Nothing is sent about the item until the
 * shopper confirms from the e-mailed link (POPIA: consent proven by the address's owner). Asking
 * again while unconfirmed sends the link again, up to the inbox's limit for the day; asking after an alert was sent starts afresh;
 * asking while confirmed and waiting changes nothing (and says the same, so the answer does not
 * tell a stranger what an address has asked for).
 */
export async function requestRestockAlert(db: Db, input: RestockInput, now = new Date()): Promise<void> {
  const item = await itemOf(db, input.productId, input.variationId);
  if (!item)
    throw new ApiError(404, "product_not_found", "We could not find that product. Please choose its options again.");
  if (item.stock > 0) throw new ApiError(409, "in_stock", "Good news: this is in stock now, so you can order it.");
  const variationKey = input.variationId ?? 0;
  const [created] = await db
    .insert(restockRequests)
    .values({ ...input, variationKey, confirmToken: newToken(), requestedAt: now })
    .onConflictDoNothing()
    .returning();
  let request = created;
  if (!request) {
    const same = and(
      sql`lower(${restockRequests.email}) = ${input.email}`,
      eq(restockRequests.productId, input.productId),
      eq(restockRequests.variationKey, variationKey),
    );
    const [again] = await db
      .update(restockRequests)
      .set({ confirmToken: newToken(), requestedAt: now, confirmedAt: null, notifiedAt: null })
      .where(and(same, isNotNull(restockRequests.notifiedAt)))
      .returning();
    request =
      again ??
      (
        await db
          .select()
          .from(restockRequests)
          .where(and(same, isNull(restockRequests.confirmedAt)))
      )[0];
  }
  if (!request) return;
  const link = confirmUrl(request.confirmToken);
  const intro = `You asked us to e-mail you when ${describe(item)} is back in stock.`;
  const ask = "Please confirm that this is your address. Until you do, we will not e-mail you about it.";
  const after =
    "We will send one e-mail when it is back, and nothing else. If you did not ask for this, ignore this e-mail.";
  await sendToTypedAddress(
    db,
    { kind: RESTOCK_CONFIRM_KIND, to: input.email, limit: RESTOCK_CONFIRM_MAIL_LIMIT },
    () => ({
      subject: `Confirm your back-in-stock alert for ${item.name}`,
      text: [intro, ask, `Confirm: ${link}`, after, SITE.name].join("\n\n"),
      html: emailHtml({
        heading: "Confirm your alert",
        paragraphs: [intro, ask],
        action: { label: "Confirm my alert", href: link },
        footer: after,
      }),
    }),
  );
}

/** Confirms from the e-mailed link; an item already back is e-mailed about at once. */
export async function confirmRestockAlert(db: Db, token: string, now = new Date()): Promise<boolean> {
  const [row] = await db.select().from(restockRequests).where(eq(restockRequests.confirmToken, token));
  if (!row) return false;
  if (!row.confirmedAt)
    await db
      .update(restockRequests)
      .set({ confirmedAt: now })
      .where(and(eq(restockRequests.id, row.id), isNull(restockRequests.confirmedAt)));
  await notifyRestocked(db, [row.productId]);
  return true;
}

/** The request's item is published and has stock now. */
const backInStock: SQL = sql`exists (
  select 1 from products p
  where p.id = restock_requests.product_id and p.published
    and (case when restock_requests.variation_id is null then p.stock > 0
         else exists (select 1 from variations v where v.id = restock_requests.variation_id and v.stock > 0) end))`;

/**
 * E-mails every confirmed shopper waiting for one of these products (all, without ids) whose item
 * has stock again: once each. A request is claimed (notified_at set) in the transaction that
 * writes its e-mail, so two processes never both send it and a later restock sends nothing.
 */
export async function notifyRestocked(db: Db, productIds?: number[], now = new Date()): Promise<number> {
  if (productIds && productIds.length === 0) return 0;
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(restockRequests)
      .set({ notifiedAt: now })
      .where(
        and(
          isNotNull(restockRequests.confirmedAt),
          isNull(restockRequests.notifiedAt),
          productIds ? inArray(restockRequests.productId, [...new Set(productIds)]) : undefined,
          backInStock,
        ),
      )
      .returning();
    for (const r of claimed) {
      const item = await itemOf(tx, r.productId, r.variationId);
      if (!item) continue;
      const url = productUrl(item);
      const lines = [
        `${describe(item)} is back in stock at ${SITE.name}.`,
        "Stock is first come, first served, so it may not last long. This is the only e-mail we send about it.",
      ];
      await sendMail(tx, {
        kind: RESTOCK_ALERT_KIND,
        to: r.email,
        subject: `${item.name} is back in stock`,
        text: [...lines, `See it: ${url}`, SITE.name].join("\n\n"),
        html: emailHtml({ heading: "It's back", paragraphs: lines, action: { label: `See ${item.name}`, href: url } }),
      });
    }
    return claimed.length;
  });
}
