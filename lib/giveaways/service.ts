import "server-only";
import type { Db } from "@/lib/db/client";
import { giveawayEntries } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { isUniqueViolation } from "@/lib/db/unique-violation";
import { sendToTypedAddress } from "@/lib/mail/recipient-limits";
import { SITE } from "@/lib/config/site";
import { emailHtml } from "@/lib/forms/email-html";
import { campaignStatus, findCampaign, formatCampaignDate, type Campaign } from "@/lib/giveaways/campaigns";
import { CLOSED_MESSAGE, DUPLICATE_ENTRY_MESSAGE, GIVEAWAY_MAIL_LIMIT, type EntryInput } from "@/lib/giveaways/input";
import { GIVEAWAY_TERMS } from "@/lib/giveaways/terms";

export const GIVEAWAY_ENTRY_KIND = "giveaway-entry";

/**
 * One entry per e-mail address per campaign, enforced by the database's unique index so that
 * simultaneous submissions cannot both count. Entries outside the campaign's dates are refused.
 */
export async function enterGiveaway(
  db: Db,
  input: EntryInput,
  now = new Date(),
  campaigns: (slug: string) => Campaign | undefined = findCampaign,
): Promise<{ id: number }> {
  const campaign = campaigns(input.campaign);
  if (!campaign) throw new ApiError(404, "campaign_not_found", "Giveaway not found");
  const status = campaignStatus(campaign, now);
  if (status === "closed") throw new ApiError(410, "giveaway_closed", CLOSED_MESSAGE);
  if (status === "upcoming")
    throw new ApiError(403, "giveaway_not_open", `This giveaway opens on ${formatCampaignDate(campaign.opensAt)}.`);
  let id: number;
  try {
    const [row] = await db
      .insert(giveawayEntries)
      .values({
        campaign: campaign.slug,
        name: input.name,
        email: input.email,
        phone: input.phone,
        province: input.province,
        createdAt: now,
      })
      .returning({ id: giveawayEntries.id });
    id = row!.id;
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError(409, "already_entered", DUPLICATE_ENTRY_MESSAGE);
    throw err;
  }
  const lines = [
    // Nobody has shown the address is theirs: nothing the visitor wrote is repeated.
    `Thank you for entering our giveaway: ${campaign.title}.`,
    `The prize: ${campaign.prize}. Entries close on ${formatCampaignDate(campaign.closesAt)}, and we draw the winner at random within ${GIVEAWAY_TERMS.drawWithinDays} days after that. If you win, we will e-mail you and phone the number you gave us.`,
    "You only need to enter once. Good luck.",
  ];
  await sendToTypedAddress(db, { kind: GIVEAWAY_ENTRY_KIND, to: input.email, limit: GIVEAWAY_MAIL_LIMIT }, () => ({
    subject: `You're in the draw: ${campaign.title}`,
    text: lines.join("\n\n"),
    html: emailHtml({
      heading: "You're in the draw",
      paragraphs: lines,
      footer: `${SITE.name} uses your details only to run this giveaway.`,
    }),
  }));
  return { id };
}
