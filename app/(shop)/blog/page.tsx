import type { Metadata } from "next";
import { Suspense } from "react";
import { notFound } from "next/navigation";
import { ArticleCard, ArticleGridSkeleton } from "@/components/content/article-card";
import { Pagination } from "@/components/product/pagination";
import { getArticles } from "@/lib/content/data";
import { articlePage } from "@/lib/content/load";
import { pageMetadata } from "@/lib/seo/metadata";
import { SITE } from "@/lib/config/site";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const TITLE = "Journal";
const DESCRIPTION = `Notes from the ${SITE.name} workshop: how to choose, measure and care for a couch, which fabric suits your home, and living well in a small space.`;

function pageNumber(sp: Record<string, string | string[] | undefined>): number {
  const raw = Array.isArray(sp.page) ? sp.page[0] : sp.page;
  if (raw === undefined) return 1;
  return /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const sp = await searchParams;
  const page = pageNumber(sp);
  return pageMetadata({
    title: page > 1 ? `${TITLE}, page ${page}` : TITLE,
    description: DESCRIPTION,
    path: "/blog",
    searchParams: sp,
  });
}

export default function BlogPage({ searchParams }: Props) {
  return (
    <>
      <header className="border-b border-ink/10 bg-oat-100">
        <div className="container-page py-10 lg:py-14">
          <Breadcrumbs trail={[{ label: "Journal" }]} />
          <p className="mt-6 text-xs font-semibold uppercase tracking-[0.16em] text-olive-700">
            The {SITE.name} journal
          </p>
          <h1 className="mt-2 max-w-2xl text-4xl leading-tight text-ink sm:text-5xl">Notes from the workshop</h1>
          <p className="mt-4 max-w-xl text-lg leading-relaxed text-stone-700">
            Practical advice on choosing, placing and looking after furniture, from the people who build it.
          </p>
        </div>
      </header>
      <div className="container-page py-12">
        <Suspense fallback={<ArticleGridSkeleton />}>
          <ArticleList searchParams={searchParams} />
        </Suspense>
      </div>
    </>
  );
}

async function ArticleList({ searchParams }: Props) {
  const result = articlePage(await getArticles(), pageNumber(await searchParams));
  if (!result) notFound();
  const [first, ...rest] = result.items;
  const featured = result.page === 1 && first ? first : null;
  const grid = featured ? rest : result.items;
  return (
    <>
      {featured ? (
        <div className="mb-14">
          <ArticleCard article={featured} featured />
        </div>
      ) : null}
      <ul className="grid gap-x-6 gap-y-12 sm:grid-cols-2 lg:grid-cols-3" data-testid="article-list">
        {grid.map((a) => (
          <li key={a.slug} className="flex">
            <ArticleCard article={a} />
          </li>
        ))}
      </ul>
      <Pagination
        page={result.page}
        pageCount={result.pageCount}
        href={(n) => (n === 1 ? "/blog" : `/blog?page=${n}`)}
      />
    </>
  );
}
