import { infoPath } from "@/lib/config/site";

/**
 * The information pages, at /{SITE.infoSlug}/{slug}. Under any other leading slug (/{lead}/faqs)
 * proxy.ts redirects to that address, so search engines and the page cache see one page, not one
 * per slug.
 */
export const INFO_PAGES = [
  { slug: "about-us", label: "About us" },
  { slug: "contact-us", label: "Contact us" },
  { slug: "couch-giveaway", label: "Couch giveaway" },
  { slug: "faqs", label: "FAQs" },
  { slug: "our-fabrics", label: "Our fabrics" },
  { slug: "payment-methods", label: "Payment methods" },
  { slug: "privacy-policy", label: "Privacy policy" },
  { slug: "shipping-and-returns", label: "Shipping & returns" },
  { slug: "terms-and-conditions", label: "Terms & conditions" },
] as const;

export type InfoPageSlug = (typeof INFO_PAGES)[number]["slug"];


export const canonicalInfoPath = (slug: InfoPageSlug) => infoPath(slug);
