import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { notFound } from "next/navigation";
import { ArticleJsonLd } from "next-seo";
import { JsonLd, structuredData } from "@/components/seo/json-ld";
import { ArticleCard } from "@/components/content/article-card";
import { Markdown } from "@/components/content/markdown";
import { PriorityImage } from "@/components/ui/priority-image";
import { SectionHeading } from "@/components/layout/section-heading";
import { ProductGrid, ProductGridSkeleton } from "@/components/product/product-card";
import { databaseReads, getProduct, shellExpiresAfterBuild } from "@/lib/catalog/data";
import { getArticle } from "@/lib/content/data";
import { getProductReviews } from "@/lib/reviews/data";
import { loadArticles, type Article } from "@/lib/content/load";
import { COVER_SIZE } from "@/lib/content/cover-scenes";
import { capitalise, formatArticleDate } from "@/lib/content/dates";
import { ogImagePath, pageMetadata } from "@/lib/seo/metadata";
import { PROMISES, SITE, infoPath } from "@/lib/config/site";
import type { ProductSummary } from "@/lib/catalog/types";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { FirstPaintAfter, FirstPaintMarker } from "@/components/ui/first-paint";
import { DELIVERY_TIME } from "@/lib/delivery/config";

/** Every article is prerendered; an unknown slug is a 404 from proxy.ts (lib/content/routing.ts). */
type Props = { params: Promise<{ slug: string }> };

export function generateStaticParams() {
  return loadArticles().map((a) => ({ slug: a.slug }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const found = await getArticle(slug);
  if (!found) notFound();
  const a = found.article;
  return {
    ...pageMetadata({
      title: a.title,
      description: a.description,
      path: `/blog/${a.slug}`,
      image: { url: ogImagePath.article(a.slug), alt: a.cover.alt },
    }),
    authors: [{ name: a.author }],
  };
}

/** The article comes with the page's first paint (components/ui/first-paint.tsx). */
const BODY_PARSED = "article-body-parsed";

export default async function ArticlePage({ params }: Props) {
  await shellExpiresAfterBuild();
  return (
    <>
      <FirstPaintAfter id={BODY_PARSED} />
      <Suspense
        fallback={
          <div className="container-page min-h-screen max-w-3xl py-16">
            <div className="h-10 w-2/3 animate-pulse rounded bg-oat-100" />
          </div>
        }
      >
        <ArticleBody params={params} />
      </Suspense>
    </>
  );
}

async function ArticleBody({ params }: Props) {
  const { slug } = await params;
  const found = await getArticle(slug);
  if (!found) notFound();
  const { article: a, related } = found;
  const url = `${SITE.canonicalUrl}/blog/${a.slug}`;
  return (
    <>
      <JsonLd
        id="article-json-ld"
        data={structuredData(ArticleJsonLd, {
          type: "BlogPosting",
          headline: a.title,
          description: a.description,
          url,
          mainEntityOfPage: url,
          datePublished: a.date,
          dateModified: a.updated ?? a.date,
          author: { "@type": "Person", name: a.author },
          publisher: { "@type": "Organization", name: SITE.name, url: SITE.canonicalUrl },
          image: `${SITE.canonicalUrl}${a.cover.src}`,
        })}
      />
      <article data-testid="article">
        <header className="container-page max-w-3xl pt-8 lg:pt-12">
          <Breadcrumbs trail={[{ label: "Journal", href: "/blog" }, { label: a.title }]} />
          <p className="mt-8 text-xs font-semibold uppercase tracking-[0.16em] text-olive-700">
            {capitalise(a.tags[0] ?? "Journal")}
          </p>
          <h1 className="mt-3 text-3xl leading-tight text-ink sm:text-5xl">{a.title}</h1>
          <p className="mt-5 text-lg leading-relaxed text-stone-700">{a.description}</p>
          <p className="mt-5 flex flex-wrap gap-x-3 gap-y-1 text-sm text-stone-600" data-testid="article-meta">
            <span>
              By <span className="font-medium text-ink">{a.author}</span>
            </span>
            <span aria-hidden>·</span>
            <time dateTime={a.date}>{formatArticleDate(a.date)}</time>
            <span aria-hidden>·</span>
            <span data-testid="reading-time">{a.readingMinutes} min read</span>
          </p>
        </header>
        <figure className="container-page mt-8 max-w-5xl">
          <PriorityImage
            src={a.cover.src}
            alt={a.cover.alt}
            width={COVER_SIZE.width}
            height={COVER_SIZE.height}
            className="w-full rounded-card"
          />
        </figure>
        <div className="container-page mt-10 max-w-3xl text-[1.0625rem]">
          <Markdown blocks={a.blocks} />
          <aside className="mt-12 rounded-card border border-ink/10 bg-oat-100 p-6 text-sm leading-relaxed text-stone-700">
            Everything we make is built to order in our own South African workshops, delivered free within{" "}
            {DELIVERY_TIME}, and yours to return within {PROMISES.returnDays} days of delivery. Questions?{" "}
            <Link href={infoPath("contact-us")} className="font-medium text-olive-700 underline underline-offset-4">
              Ask us
            </Link>
            .
          </aside>
        </div>
      </article>
      {a.products.length > 0 ? (
        <section aria-labelledby="shop-the-story" className="container-page mt-16">
          <SectionHeading id="shop-the-story" kicker="From this article" title="Shop the story" />
          <Suspense fallback={<ProductGridSkeleton count={Math.min(4, a.products.length)} />}>
            <StoryProducts article={a} />
          </Suspense>
        </section>
      ) : null}
      <section aria-labelledby="more-articles" className="container-page mt-16">
        <SectionHeading
          id="more-articles"
          kicker="Keep reading"
          title="More from the journal"
          href="/blog"
          linkLabel="All articles"
        />
        <ul className="grid gap-x-6 gap-y-12 sm:grid-cols-2 lg:grid-cols-3" data-testid="related-articles">
          {related.map((r) => (
            <li key={r.slug} className="flex">
              <ArticleCard article={r} headingLevel={3} />
            </li>
          ))}
        </ul>
      </section>
      <FirstPaintMarker id={BODY_PARSED} />
    </>
  );
}

async function StoryProducts({ article }: { article: Article }) {
  await databaseReads();
  const found = await Promise.all(article.products.slice(0, 4).map((slug) => getProduct(slug)));
  const products: ProductSummary[] = await Promise.all(
    found
      .filter((p): p is NonNullable<typeof p> => p !== null)
      .map(async (p) => {
        const { summary } = await getProductReviews(p.id);
        return summary.count > 0 ? { ...p, rating: { average: summary.average, count: summary.count } } : p;
      }),
  );
  return <ProductGrid products={products} />;
}
