import Link from "next/link";
import { Suspense } from "react";
import { connection } from "next/server";
import { GiveawayForm } from "@/components/content/giveaway-form";
import { campaignStatus, findCampaign, formatCampaignDate, openCampaign, type CampaignSlug } from "@/lib/giveaways/campaigns";

/**
 * Whether a campaign takes entries is decided per request (a page built while it was open
 * must not keep showing the form after it closes), with the dates the server is configured with.
 */
export function GiveawayEntry({ slug }: { slug: CampaignSlug }) {
  return (
    <section aria-labelledby={`enter-${slug}`} className="rounded-card border border-ink/10 bg-white p-5 shadow-sm sm:p-7" data-testid="giveaway">
      <Suspense fallback={<div className="h-80 animate-pulse rounded-md bg-oat-100" />}>
        <Entry slug={slug} />
      </Suspense>
    </section>
  );
}

/** A campaign's opening or closing date, as the running server is configured ("31 March 2027"). */
export function CampaignDate({ slug, which }: { slug: CampaignSlug; which: "opensAt" | "closesAt" }) {
  return (
    <Suspense fallback={null}>
      <DateText slug={slug} which={which} />
    </Suspense>
  );
}

async function DateText({ slug, which }: { slug: CampaignSlug; which: "opensAt" | "closesAt" }) {
  await connection();
  return <>{formatCampaignDate(findCampaign(slug)![which])}</>;
}

async function Entry({ slug }: { slug: CampaignSlug }) {
  await connection();
  const campaign = findCampaign(slug)!;
  const now = new Date();
  const status = campaignStatus(campaign, now);
  const closesOn = formatCampaignDate(campaign.closesAt);
  if (status === "open") {
    return (
      <>
        <h2 id={`enter-${campaign.slug}`} className="text-2xl text-ink">Enter the draw</h2>
        <p className="mb-5 mt-1 text-sm text-stone-600" data-testid="giveaway-status" data-status="open">
          Entries close on <strong className="font-semibold text-ink">{closesOn}</strong>.
        </p>
        <GiveawayForm campaign={campaign.slug} closesOn={closesOn} />
      </>
    );
  }
  if (status === "upcoming") {
    return (
      <>
        <h2 id={`enter-${campaign.slug}`} className="text-2xl text-ink">Opening soon</h2>
        <p className="mt-2 text-stone-700" data-testid="giveaway-status" data-status="upcoming">
          Entries open on {formatCampaignDate(campaign.opensAt)}. Come back then.
        </p>
      </>
    );
  }
  const next = openCampaign(now);
  return (
    <>
      <h2 id={`enter-${campaign.slug}`} className="text-2xl text-ink">This giveaway has closed</h2>
      <p className="mt-2 leading-relaxed text-stone-700" data-testid="giveaway-status" data-status="closed">
        {campaign.closedNote} Entries closed on {closesOn}.
      </p>
      {next && next.slug !== campaign.slug ? (
        <Link href={next.path} className="btn-primary mt-5">{next.title}: enter now</Link>
      ) : null}
    </>
  );
}
