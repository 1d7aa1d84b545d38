import "server-only";
import type { Db } from "@/lib/db/client";
import { giveawayEntries } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { isUniqueViolation } from "@/lib/db/unique-violation";
import { sendMail } from "@/lib/mail/mail";
import { SITE } from "@/lib/config/site";
import { emailHtml } from "@/lib/forms/email-html";
import { campaignStatus, findCampaign, formatCampaignDate, type Campaign } from "@/lib/giveaways/campaigns";
import { CLOSED_MESSAGE, DUPLICATE_ENTRY_MESSAGE, type EntryInput } from "@/lib/giveaways/input";

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
    `Hi ${input.name.split(/\s+/)[0]}, thank you for entering our giveaway: ${campaign.title}.`,
    `The prize: ${campaign.prize}. Entries close on ${formatCampaignDate(campaign.closesAt)}, and we draw the winner at random within seven days after that. If you win, we will e-mail you and phone ${input.phone}.`,
    "You only need to enter once. Good luck.",
  ];
  await sendMail(db, {
    kind: "giveaway-entry",
    to: input.email,
    subject: `You're in the draw: ${campaign.title}`,
    text: lines.join("\n\n"),
    html: emailHtml({
      heading: "You're in the draw",
      paragraphs: lines,
      footer: `${SITE.name} uses your details only to run this giveaway.`,
    }),
  });
  return { id };
}
