import Link from "next/link";
import { Suspense } from "react";
import type { Metadata } from "next";
import { Commitment } from "@/components/content/commitment";
import { ContactForm } from "@/components/content/contact-form";
import { FabricSwatches } from "@/components/content/fabric-swatches";
import { FaqAccordion, toQuestions } from "@/components/content/faq-accordion";
import { GiveawayEntry } from "@/components/content/giveaway-entry";
import { InfoLayout } from "@/components/content/info-layout";
import { CompanyDetails } from "@/components/layout/company-details";
import { WhatsAppLink } from "@/components/ui/whatsapp-link";
import { Markdown } from "@/components/content/markdown";
import { getInfoPage } from "@/lib/content/data";
import type { InfoPageSlug } from "@/lib/content/info-pages";
import { sections } from "@/lib/content/markdown";
import { pageMetadata } from "@/lib/seo/metadata";
import { SITE, infoPath } from "@/lib/config/site";
import { loadInfoPage, type InfoPage } from "@/lib/content/load";

/*
 * The information pages: /info/about-us and so on, each a folder of its own, so only the nine
 * names match and every page is static. The folder is SITE.infoSlug (a test holds the two
 * together); proxy.ts sends the same page under any other leading slug here with a 308.
 */

/** Static metadata (read when the module loads). */
export function infoMetadata(page: InfoPageSlug): Metadata {
  const info = loadInfoPage(page);
  return pageMetadata({ title: info.title, description: info.description, path: infoPath(page) });
}

export async function InfoRoute({ page }: { page: InfoPageSlug }) {
  const info = await getInfoPage(page);
  return (
    <InfoLayout
      slug={info.slug}
      title={info.title}
      kicker={info.kicker}
      description={info.description}
      updated={info.updated}
      after={
        info.slug === "about-us" ? (
          <div className="mt-4 -mb-16">
            <Commitment />
          </div>
        ) : null
      }
    >
      <PageContent info={info} />
    </InfoLayout>
  );
}

function PageContent({ info }: { info: InfoPage }) {
  switch (info.slug) {
    case "faqs": {
      const { intro, sections: qs } = sections(info.blocks);
      return (
        <>
          <Markdown blocks={intro} className="mb-8 max-w-3xl" />
          <FaqAccordion questions={toQuestions(qs)} />
        </>
      );
    }
    case "our-fabrics": {
      const { intro, sections: rest } = sections(info.blocks);
      return (
        <>
          <Markdown blocks={intro} className="max-w-3xl" />
          <p className="mt-6">
            <Link href="/fabric-swatches" className="btn-secondary" data-testid="order-swatches">
              Order up to 5 swatches, free
            </Link>
          </p>
          <Suspense fallback={<div className="mt-10 h-96 animate-pulse rounded-card bg-oat-100" />}>
            <FabricSwatches />
          </Suspense>
          <Markdown blocks={rest.flatMap((s) => [s.heading, ...s.body])} className="mt-14 max-w-3xl" />
        </>
      );
    }
    case "contact-us": {
      const { intro, sections: rest } = sections(info.blocks);
      return (
        <div className="max-w-3xl">
          <Markdown blocks={intro} className="mb-6" />
          <div className="mb-10 grid gap-4">
            <WhatsAppLink message={`Hello ${SITE.name}, I have a question.`} className="btn-secondary self-start" />
            <CompanyDetails variant="page" />
          </div>
          <ContactForm />
          <Markdown blocks={rest.flatMap((s) => [s.heading, ...s.body])} className="mt-12" />
        </div>
      );
    }
    case "couch-giveaway":
      return (
        <div className="grid gap-10">
          <GiveawayEntry slug="couch-giveaway" />
          <Markdown blocks={info.blocks} className="max-w-3xl" />
        </div>
      );
    case "about-us":
      return (
        <div className="max-w-3xl">
          <Markdown blocks={info.blocks} />
          <div className="mt-10">
            <CompanyDetails variant="page" />
          </div>
        </div>
      );
    default:
      return <Markdown blocks={info.blocks} className="max-w-3xl" />;
  }
}
