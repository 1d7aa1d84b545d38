import { OrganizationJsonLd } from "next-seo";
import { JsonLd, structuredData } from "@/components/seo/json-ld";
import { SITE, SOCIAL_LINKS } from "@/lib/config/site";
import { SITE_DESCRIPTION, absoluteUrl } from "@/lib/seo/metadata";

/** The home page's structured data: the shop as an online store, and the site itself. */
export function SiteJsonLd() {
  return (
    <>
      <JsonLd
        id="organization-json-ld"
        data={structuredData(OrganizationJsonLd, {
          type: "OnlineStore",
          name: SITE.name,
          url: absoluteUrl("/"),
          logo: absoluteUrl("/icon.svg"),
          description: SITE_DESCRIPTION,
          email: SITE.email,
          telephone: SITE.phone,
          address: { addressCountry: "ZA" },
          ...(SOCIAL_LINKS.length ? { sameAs: SOCIAL_LINKS.map((l) => l.href) } : {}),
          contactPoint: { contactType: "customer service", email: SITE.email, telephone: SITE.phone },
        })}
      />
      <JsonLd
        id="website-json-ld"
        data={{
          "@context": "https://schema.org",
          "@type": "WebSite",
          name: SITE.name,
          url: absoluteUrl("/"),
          description: SITE_DESCRIPTION,
          inLanguage: SITE.locale,
          publisher: { "@type": "Organization", name: SITE.name, url: absoluteUrl("/") },
        }}
      />
    </>
  );
}
