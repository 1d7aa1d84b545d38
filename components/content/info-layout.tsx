import Link from "next/link";
import { INFO_PAGES, type InfoPageSlug } from "@/lib/content/info-pages";
import { SITE, infoPath } from "@/lib/config/site";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";

/** The frame of every information page: a header band, the page, and the help menu beside it. */
export function InfoLayout({ slug, title, kicker, description, updated, children, after }: {
  slug: InfoPageSlug;
  title: string;
  kicker?: string | undefined;
  description: string;
  updated?: string | undefined;
  children: React.ReactNode;
  after?: React.ReactNode;
}) {
  return (
    <div data-testid="info-page" data-page={slug}>
      <header className="border-b border-ink/10 bg-oat-100">
        <div className="container-page py-10 lg:py-14">
          <Breadcrumbs trail={[{ label: title }]} />
          {kicker ? <p className="mt-6 text-xs font-semibold uppercase tracking-[0.16em] text-olive-700">{kicker}</p> : null}
          <h1 className={`${kicker ? "mt-2" : "mt-6"} max-w-3xl text-4xl leading-tight text-ink sm:text-5xl`}>{title}</h1>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-stone-700">{description}</p>
          {updated ? (
            <p className="mt-3 text-sm text-stone-600">
              Last updated <time dateTime={updated}>{new Intl.DateTimeFormat("en-ZA", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${updated}T00:00:00Z`))}</time>
            </p>
          ) : null}
        </div>
      </header>
      <div className="container-page grid gap-12 py-10 lg:grid-cols-[minmax(0,1fr)_260px] lg:gap-16 lg:py-14">
        <div className="min-w-0">{children}</div>
        <aside className="lg:pt-1">
          <nav aria-label="Help and information" className="rounded-card border border-ink/10 bg-white p-5">
            <h2 className="font-sans text-sm font-semibold tracking-normal text-ink">Help and information</h2>
            <ul className="mt-3 space-y-1 text-sm">
              {INFO_PAGES.map((p) => (
                <li key={p.slug}>
                  <Link href={infoPath(p.slug)} aria-current={p.slug === slug ? "page" : undefined}
                    className={`block rounded-md px-2 py-1.5 ${p.slug === slug ? "bg-oat-100 font-semibold text-ink" : "text-stone-700 hover:bg-oat-50 hover:text-ink"}`}>
                    {p.label}
                  </Link>
                </li>
              ))}
              <li>
                <Link href="/blog" className="block rounded-md px-2 py-1.5 text-stone-700 hover:bg-oat-50 hover:text-ink">Journal</Link>
              </li>
            </ul>
          </nav>
          <div className="mt-5 rounded-card bg-olive-800 p-5 text-sm text-oat-100">
            <p className="font-semibold text-white">Need a hand?</p>
            <p className="mt-1 leading-relaxed text-oat-200">We answer every working day.</p>
            <p className="mt-3">
              <a href={`mailto:${SITE.email}`} className="underline underline-offset-4">{SITE.email}</a>
              <br />
              <a href={`tel:${SITE.phone.replace(/\s+/g, "")}`} className="underline underline-offset-4">{SITE.phone}</a>
            </p>
          </div>
        </aside>
      </div>
      {after}
    </div>
  );
}
