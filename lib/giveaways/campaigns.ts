import { serverEnv, type ServerVariable } from "@/lib/config/env";
import { formatShopDate } from "@/lib/config/shop-time";

/**
 * Giveaway campaigns. A campaign takes entries from `opensAt` until `closesAt` and its page says
 * when it opens or that it has closed. Each date is a setting (GIVEAWAY_…_OPENS_AT and
 * …_CLOSES_AT, South African time by default), so the shop's owner can move a campaign without a
 * release.
 */
export type Campaign = {
  slug: string;
  /** Where the campaign page lives. */
  path: string;
  title: string;
  prize: string;
  /** The catalogue product the prize is, for its picture and link. */
  prizeProduct: string;
  prizeFabric: string;
  prizeValueCents: number;
  intro: string;
  opensAt: string;
  closesAt: string;
  /** Shown once the campaign has closed. */
  closedNote: string;
};

type DateVariable = Extract<ServerVariable, `GIVEAWAY_${string}`>;
type CampaignDefinition = Omit<Campaign, "opensAt" | "closesAt"> & {
  dates: { opensAt: DateVariable; closesAt: DateVariable };
};

const CAMPAIGNS = [
  {
    slug: "eden-2-seater-giveaway",
    path: "/eden-2-seater-giveaway",
    title: "Win an Eden 2 Seater",
    prize: "An Eden 2 Seater in the fabric of your choice, delivered free anywhere in South Africa",
    prizeProduct: "eden-2-seater",
    prizeFabric: "Olive",
    prizeValueCents: 10_999_00,
    intro:
      "Our best-selling two seater, in any of its five fabrics, built in our Cape Town workshop and delivered to your door. Enter once with your details below; we draw one winner at random after the closing date.",
    dates: { opensAt: "GIVEAWAY_EDEN_OPENS_AT", closesAt: "GIVEAWAY_EDEN_CLOSES_AT" },
    closedNote: "The winner has been drawn and contacted. Thank you to everyone who entered.",
  },
  {
    slug: "couch-giveaway",
    path: "/info/couch-giveaway",
    title: "The spring couch giveaway",
    prize: "A Kloof 3 Seater in the winner's choice of Oat or Charcoal",
    prizeProduct: "kloof-couch",
    prizeFabric: "Oat",
    prizeValueCents: 12_999_00,
    intro: "A Kloof 3 Seater for one reader, drawn at random from every entry received before the end of September.",
    dates: { opensAt: "GIVEAWAY_COUCH_OPENS_AT", closesAt: "GIVEAWAY_COUCH_CLOSES_AT" },
    closedNote: "The winner, from Gauteng, chose Charcoal and has taken delivery. Thank you to everyone who entered.",
  },
] as const satisfies readonly CampaignDefinition[];

export type CampaignSlug = (typeof CAMPAIGNS)[number]["slug"];
export type CampaignStatus = "upcoming" | "open" | "closed";

/** Every campaign, with the dates it is configured with. */
export function campaigns(): Campaign[] {
  const env = serverEnv();
  return CAMPAIGNS.map(({ dates, ...campaign }) => ({
    ...campaign,
    opensAt: env[dates.opensAt],
    closesAt: env[dates.closesAt],
  }));
}

export function findCampaign(slug: string): Campaign | undefined {
  return campaigns().find((c) => c.slug === slug);
}

export function campaignStatus(c: Pick<Campaign, "opensAt" | "closesAt">, now = new Date()): CampaignStatus {
  if (now.getTime() < Date.parse(c.opensAt)) return "upcoming";
  if (now.getTime() > Date.parse(c.closesAt)) return "closed";
  return "open";
}

/** The open campaign to point people to when theirs has closed. */
export function openCampaign(now = new Date()): Campaign | undefined {
  return campaigns().find((c) => campaignStatus(c, now) === "open");
}

/** "31 March 2027", as South Africans write dates. */
export function formatCampaignDate(iso: string): string {
  return formatShopDate(iso);
}
