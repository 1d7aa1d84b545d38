import { publicEnv } from "@/lib/config/public";
import { DELIVERY_TIME } from "@/lib/delivery/config";

const PUBLIC = publicEnv();

/**
 * The shop's identity, from the public configuration (fixed into the build; the browser has it
 * too). The address the server runs at, which may differ, is serverEnv().SITE_URL.
 */
export const SITE = {
  name: PUBLIC.NEXT_PUBLIC_SITE_NAME,
  tagline: "Couches made in South Africa, delivered free.",
  /**
   * The address search engines and link previews are given (canonical links, Open Graph, JSON-LD,
   * sitemap, robots): fixed into the build, so a page's prerendered shell and its request-time
   * parts never name two different sites.
   */
  canonicalUrl: PUBLIC.NEXT_PUBLIC_SITE_URL,
  titleSeparator: PUBLIC.NEXT_PUBLIC_TITLE_SEPARATOR,
  locale: "en-ZA",
  ogLocale: "en_ZA",
  email: PUBLIC.NEXT_PUBLIC_CONTACT_EMAIL,
  phone: PUBLIC.NEXT_PUBLIC_CONTACT_PHONE,
  twitter: PUBLIC.NEXT_PUBLIC_TWITTER_HANDLE,
  /** The information pages' folder (app/(shop)/info); under any other leading slug they redirect here. */
  infoSlug: "info",
} as const;

/** The company behind the shop, as a shopper checks it before a large order. */
export const COMPANY = {
  legalName: PUBLIC.NEXT_PUBLIC_COMPANY_NAME,
  registration: PUBLIC.NEXT_PUBLIC_COMPANY_REGISTRATION,
  vatNumber: PUBLIC.NEXT_PUBLIC_VAT_NUMBER,
  address: PUBLIC.NEXT_PUBLIC_SHOWROOM_ADDRESS,
  hours: PUBLIC.NEXT_PUBLIC_OPENING_HOURS,
  whatsapp: PUBLIC.NEXT_PUBLIC_WHATSAPP_NUMBER,
} as const;

/** A wa.me link that opens a chat with the shop, the message already typed. */
export function whatsAppLink(message: string, number: string = COMPANY.whatsapp): string {
  return `https://wa.me/${number}?text=${encodeURIComponent(message)}`;
}

/** The claims the shop makes everywhere. */
export const PROMISES = {
  returnDays: 7,
  yearsOfExperience: 45,
} as const;

export const CLAIMS = [
  { title: "Free delivery nationwide", text: "To your door, anywhere in South Africa, at no cost." },
  { title: `Delivered in ${DELIVERY_TIME}`, text: `Made to order and delivered within ${DELIVERY_TIME}.` },
  { title: "VAT included", text: "The price you see is the price you pay." },
  {
    title: `${PROMISES.returnDays}-day returns`,
    text: `Change your mind within ${PROMISES.returnDays} days of receiving it.`,
  },
  { title: "Lifetime frame guarantee", text: "Our hardwood frames are guaranteed for life." },
  { title: "Locally manufactured", text: "Built by hand in our South African workshops." },
  { title: `${PROMISES.yearsOfExperience} years of experience`, text: "Three generations of upholsterers." },
] as const;

export const PAYMENT_METHOD_NAMES = ["PayFast", "Bank transfer", "FinChoice", "PayJustNow", "Ozow"] as const;

/** The shop's pages on other sites, shown in the footer when configured. */
export const SOCIAL_LINKS: ReadonlyArray<{ label: string; href: string }> = [
  { label: "Instagram", href: PUBLIC.NEXT_PUBLIC_INSTAGRAM_URL },
  { label: "Facebook", href: PUBLIC.NEXT_PUBLIC_FACEBOOK_URL },
  { label: "X", href: SITE.twitter ? `https://x.com/${SITE.twitter.replace(/^@/, "")}` : undefined },
].filter((l): l is { label: string; href: string } => Boolean(l.href));

export function infoPath(page: string): string {
  return `/${SITE.infoSlug}/${page}`;
}
