import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { CampaignDate, GiveawayEntry } from "@/components/content/giveaway-entry";
import { ShieldIcon, TruckIcon, ClockIcon } from "@/components/ui/icons";
import { findCampaign, formatCampaignDate } from "@/lib/giveaways/campaigns";
import { ogImagePath, pageMetadata } from "@/lib/seo/metadata";
import { formatMoney } from "@/lib/money/money";
import { productImageSrc } from "@/lib/catalog/images";
import { infoPath } from "@/lib/config/site";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { PriorityImage } from "@/components/ui/priority-image";
import { DELIVERY_TIME } from "@/lib/delivery/config";
import { GIVEAWAY_TERMS } from "@/lib/giveaways/terms";

const campaign = findCampaign("eden-2-seater-giveaway")!;

/** The closing date is the running server's setting, so the head is written per request. */
export async function generateMetadata(): Promise<Metadata> {
  await connection();
  const { closesAt } = findCampaign(campaign.slug)!;
  return pageMetadata({
    title: campaign.title,
    description: `${campaign.prize}. Enter once before ${formatCampaignDate(closesAt)}; open to South African residents aged 18 and over.`,
    path: campaign.path,
    image: { url: ogImagePath.product("eden-2-seater"), alt: campaign.prize },
  });
}

const closesOn = <CampaignDate slug="eden-2-seater-giveaway" which="closesAt" />;

const STEPS = [
  { title: "Enter once", text: "Your name, e-mail, phone number and province. One entry per e-mail address." },
  {
    title: "We draw a winner",
    text: (
      <>
        At random, from every valid entry, within {GIVEAWAY_TERMS.drawWithinDays} days of {closesOn}.
      </>
    ),
  },
  {
    title: "Choose your fabric",
    text: `The winner picks any of the Eden's five fabrics and we deliver it free within ${DELIVERY_TIME}.`,
  },
];

export default function EdenGiveawayPage() {
  return (
    <div data-testid="campaign-page">
      <section className="border-b border-ink/10 bg-oat-100">
        <div className="container-page grid items-center gap-8 py-10 lg:grid-cols-[1fr_1.1fr] lg:py-14">
          <div>
            <Breadcrumbs trail={[{ label: "Giveaway" }]} />
            <p className="mt-6 text-xs font-semibold uppercase tracking-[0.16em] text-olive-700">
              Giveaway · worth {formatMoney(campaign.prizeValueCents, { cents: false })}
            </p>
            <h1 className="mt-2 text-4xl leading-tight text-ink sm:text-5xl">{campaign.title}</h1>
            <p className="mt-4 max-w-lg text-lg leading-relaxed text-stone-700">{campaign.intro}</p>
            <ul className="mt-6 space-y-2 text-sm text-stone-700">
              <li className="flex items-center gap-2">
                <ClockIcon width={18} height={18} /> Entries close {closesOn}
              </li>
              <li className="flex items-center gap-2">
                <TruckIcon width={18} height={18} /> Delivered free anywhere in South Africa
              </li>
              <li className="flex items-center gap-2">
                <ShieldIcon width={18} height={18} /> Lifetime frame guarantee, like every Kaya couch
              </li>
            </ul>
          </div>
          <PriorityImage
            src={productImageSrc(campaign.prizeProduct, { Fabric: campaign.prizeFabric })}
            alt="The Eden 2 Seater in Olive velvet"
            width={800}
            height={600}
            className="w-full rounded-card"
          />
        </div>
      </section>
      <div className="container-page grid gap-12 py-12 lg:grid-cols-[1.2fr_1fr] lg:gap-16">
        <GiveawayEntry slug="eden-2-seater-giveaway" />
        <div>
          <h2 className="text-2xl text-ink">How it works</h2>
          <ol className="mt-5 space-y-5">
            {STEPS.map((s, i) => (
              <li key={s.title} className="flex gap-4">
                <span
                  className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-olive-700 font-semibold text-white"
                  aria-hidden
                >
                  {i + 1}
                </span>
                <div>
                  <h3 className="font-sans text-base font-semibold tracking-normal text-ink">{s.title}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-stone-700">{s.text}</p>
                </div>
              </li>
            ))}
          </ol>
          <div className="mt-8 rounded-card border border-ink/10 bg-oat-50 p-5 text-sm leading-relaxed text-stone-700">
            <h2 className="font-sans text-sm font-semibold tracking-normal text-ink">The prize</h2>
            <p className="mt-1">
              {campaign.prize}. Read more about the{" "}
              <Link
                href={`/product/${campaign.prizeProduct}`}
                className="font-medium text-olive-700 underline underline-offset-4"
              >
                Eden 2 Seater
              </Link>
              , or see the full{" "}
              <Link
                href={infoPath("terms-and-conditions")}
                className="font-medium text-olive-700 underline underline-offset-4"
              >
                giveaway rules
              </Link>
              . Open to South African residents aged 18 and over. Entry is free.
            </p>
          </div>
        </div>
      </div>
    </div>
  );
}
