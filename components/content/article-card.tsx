import Link from "next/link";
import { COVER_SIZE } from "@/lib/content/cover-scenes";
import { capitalise, formatArticleDate } from "@/lib/content/dates";
import type { ArticleMeta } from "@/lib/content/load";
import { PriorityImage } from "@/components/ui/priority-image";

/** A journal article in a list: cover, topic and date, title, excerpt and reading time. */
export function ArticleCard({ article, featured = false, headingLevel = 2 }: { article: ArticleMeta; featured?: boolean; headingLevel?: 2 | 3 }) {
  const Picture = featured ? PriorityImage : "img";
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className={`group relative flex flex-col ${featured ? "lg:grid lg:grid-cols-[1.35fr_1fr] lg:items-center lg:gap-10" : ""}`} data-testid="article-card" data-slug={article.slug}>
      <div className="overflow-hidden rounded-card bg-oat-100">
        <Picture src={article.cover.src} alt="" width={COVER_SIZE.width} height={COVER_SIZE.height} loading={featured ? "eager" : "lazy"}
          className="aspect-[1200/630] w-full object-cover transition-transform duration-500 group-hover:scale-[1.02]" />
      </div>
      <div className={featured ? "mt-5 lg:mt-0" : "mt-4"}>
        <p className="text-xs font-medium uppercase tracking-wider text-stone-600">
          {capitalise(article.tags[0] ?? "Journal")} · <time dateTime={article.date}>{formatArticleDate(article.date)}</time>
        </p>
        <Heading className={`mt-2 leading-snug text-ink ${featured ? "text-2xl sm:text-3xl" : "text-xl"}`}>
          <Link href={`/blog/${article.slug}`} className="after:absolute after:inset-0 group-hover:underline group-hover:decoration-ink/30 group-hover:underline-offset-4">
            {article.title}
          </Link>
        </Heading>
        <p className={`mt-3 leading-relaxed text-stone-700 ${featured ? "" : "line-clamp-3 text-sm"}`}>{article.description}</p>
        <p className="mt-3 text-xs font-medium text-stone-600">{article.readingMinutes} min read</p>
      </div>
    </article>
  );
}

export function ArticleGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul className="grid gap-x-6 gap-y-12 sm:grid-cols-2 lg:grid-cols-3" aria-hidden>
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <div className="aspect-[1200/630] animate-pulse rounded-card bg-oat-100" />
          <div className="mt-4 h-3 w-32 animate-pulse rounded bg-oat-100" />
          <div className="mt-3 h-5 w-3/4 animate-pulse rounded bg-oat-100" />
          <div className="mt-3 h-12 animate-pulse rounded bg-oat-100" />
        </li>
      ))}
    </ul>
  );
}
