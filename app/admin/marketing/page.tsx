import type { Metadata } from "next";
import Link from "next/link";
import { Suspense, type ReactNode } from "react";
import {
  AdminSkeleton,
  BUTTON_SECONDARY,
  EmptyState,
  INPUT,
  LABEL,
  PageHeader,
  Pagination,
  TABLE,
  TD,
  TH,
  TableScroll,
} from "@/components/admin/ui";
import { ActionButton } from "@/components/admin/catalog/action-button";
import { requireStaffPage } from "@/lib/admin/guard";
import {
  campaignCounts,
  countOpenMessages,
  countWaitingSwatches,
  listContactMessages,
  listSwatchRequests,
  swatchAddress,
  listGiveawayEntries,
  listSubscribers,
} from "@/lib/admin/marketing";
import { entryQuery, messageQuery, subscriberQuery, swatchQuery } from "@/lib/admin/catalog-api";
import { listHref, type SearchParams } from "@/lib/admin/list-href";
import { getDb, type Db } from "@/lib/db/client";
import { fabricNames } from "@/lib/swatches/service";

export const metadata: Metadata = { title: "Marketing" };

const TABS = [
  { tab: "subscribers", label: "Newsletter" },
  { tab: "giveaways", label: "Giveaway entries" },
  { tab: "messages", label: "Contact messages" },
  { tab: "swatches", label: "Swatch requests" },
] as const;
type Tab = (typeof TABS)[number]["tab"];

const dateTime = new Intl.DateTimeFormat("en-ZA", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Africa/Johannesburg",
});

function csvHref(path: string, filters: Record<string, string | undefined>): string {
  const qs = new URLSearchParams({ format: "csv" });
  for (const [k, v] of Object.entries(filters)) if (v) qs.set(k, v);
  return `${path}?${qs}`;
}

function Filters({
  tab,
  q,
  children,
  exportHref,
  total,
}: {
  tab: Tab;
  q?: string;
  children?: ReactNode;
  exportHref: string;
  total: number;
}) {
  return (
    <form
      method="get"
      role="search"
      aria-label="Find"
      className="mb-5 grid gap-3 rounded-card border border-ink/10 bg-white p-4 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end"
    >
      <input type="hidden" name="tab" value={tab} />
      <div>
        <label htmlFor="marketing-q" className={LABEL}>
          Search
        </label>
        <input id="marketing-q" name="q" type="search" defaultValue={q ?? ""} className={INPUT} />
      </div>
      {children}
      <button type="submit" className={BUTTON_SECONDARY}>
        Filter
      </button>
      <a href={exportHref} className={BUTTON_SECONDARY} download>
        Export {total} as CSV
      </a>
    </form>
  );
}

async function Subscribers({ db, raw }: { db: Db; raw: SearchParams }) {
  const parsed = subscriberQuery.safeParse(raw);
  const f = parsed.success ? parsed.data : { page: 1, q: undefined, state: undefined };
  const list = await listSubscribers(db, f);
  return (
    <>
      <Filters
        tab="subscribers"
        q={f.q}
        total={list.total}
        exportHref={csvHref("/api/admin/marketing/subscribers", { q: f.q, state: f.state })}
      >
        <div>
          <label htmlFor="subscriber-state" className={LABEL}>
            Show
          </label>
          <select id="subscriber-state" name="state" defaultValue={f.state ?? ""} className={INPUT}>
            <option value="">Everyone</option>
            <option value="subscribed">Subscribed</option>
            <option value="unsubscribed">Unsubscribed</option>
          </select>
        </div>
      </Filters>
      {list.rows.length === 0 ? (
        <EmptyState>No subscribers match.</EmptyState>
      ) : (
        <TableScroll label="Newsletter subscribers">
          <table className={TABLE}>
            <thead>
              <tr>
                <th className={TH}>E-mail</th>
                <th className={TH}>Consent given</th>
                <th className={TH}>Where</th>
                <th className={TH}>Unsubscribed</th>
              </tr>
            </thead>
            <tbody className="bg-white">
              {list.rows.map((s) => (
                <tr key={s.id}>
                  <td className={`${TD} break-all`}>{s.email}</td>
                  <td className={TD}>{dateTime.format(s.consentAt)}</td>
                  <td className={TD}>{s.consentSource}</td>
                  <td className={TD}>{s.unsubscribedAt ? dateTime.format(s.unsubscribedAt) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <Pagination
        page={list.page}
        pages={list.pageCount}
        href={(page) => listHref("/admin/marketing", raw, { page })}
      />
    </>
  );
}

async function Entries({ db, raw }: { db: Db; raw: SearchParams }) {
  const parsed = entryQuery.safeParse(raw);
  const f = parsed.success ? parsed.data : { page: 1, q: undefined, campaign: undefined };
  const [list, campaigns] = await Promise.all([listGiveawayEntries(db, f), campaignCounts(db)]);
  const titles = new Map(campaigns.map((c) => [c.slug, c.title]));
  return (
    <>
      <Filters
        tab="giveaways"
        q={f.q}
        total={list.total}
        exportHref={csvHref("/api/admin/marketing/giveaway-entries", { q: f.q, campaign: f.campaign })}
      >
        <div>
          <label htmlFor="entry-campaign" className={LABEL}>
            Campaign
          </label>
          <select id="entry-campaign" name="campaign" defaultValue={f.campaign ?? ""} className={INPUT}>
            <option value="">All campaigns</option>
            {campaigns.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.title} ({c.entries})
              </option>
            ))}
          </select>
        </div>
      </Filters>
      {list.rows.length === 0 ? (
        <EmptyState>No entries match.</EmptyState>
      ) : (
        <TableScroll label="Giveaway entries">
          <table className={TABLE}>
            <thead>
              <tr>
                <th className={TH}>Name</th>
                <th className={TH}>Contact</th>
                <th className={TH}>Province</th>
                <th className={TH}>Campaign</th>
                <th className={TH}>Entered</th>
              </tr>
            </thead>
            <tbody className="bg-white">
              {list.rows.map((e) => (
                <tr key={e.id}>
                  <td className={TD}>{e.name}</td>
                  <td className={`${TD} break-all`}>
                    {e.email}
                    <span className="block text-xs text-stone-600">{e.phone}</span>
                  </td>
                  <td className={TD}>{e.province}</td>
                  <td className={TD}>{titles.get(e.campaign) ?? e.campaign}</td>
                  <td className={TD}>{dateTime.format(e.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <Pagination
        page={list.page}
        pages={list.pageCount}
        href={(page) => listHref("/admin/marketing", raw, { page })}
      />
    </>
  );
}

async function Messages({ db, raw }: { db: Db; raw: SearchParams }) {
  const parsed = messageQuery.safeParse(raw);
  const f = parsed.success ? parsed.data : { page: 1, q: undefined, state: undefined };
  const list = await listContactMessages(db, f);
  return (
    <>
      <Filters
        tab="messages"
        q={f.q}
        total={list.total}
        exportHref={csvHref("/api/admin/marketing/messages", { q: f.q, state: f.state })}
      >
        <div>
          <label htmlFor="message-state" className={LABEL}>
            Show
          </label>
          <select id="message-state" name="state" defaultValue={f.state ?? ""} className={INPUT}>
            <option value="">All messages</option>
            <option value="open">Not handled</option>
            <option value="handled">Handled</option>
          </select>
        </div>
      </Filters>
      {list.rows.length === 0 ? (
        <EmptyState>No messages match.</EmptyState>
      ) : (
        <ul className="grid gap-3">
          {list.rows.map((m) => (
            <li
              key={m.id}
              className="min-w-0 rounded-card border border-ink/10 bg-white p-4 shadow-sm"
              data-testid="contact-message"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p className="text-sm">
                  <span className="font-semibold text-ink">{m.name}</span>{" "}
                  <a className="break-all text-olive-800 underline underline-offset-4" href={`mailto:${m.email}`}>
                    {m.email}
                  </a>
                  {m.phone ? <span className="text-stone-600"> · {m.phone}</span> : null}
                </p>
                <span className="text-xs text-stone-600">{dateTime.format(m.createdAt)}</span>
              </div>
              <p className="mt-2 whitespace-pre-line text-sm leading-relaxed text-stone-700">{m.message}</p>
              <div className="mt-3 flex flex-wrap items-center gap-3">
                <ActionButton
                  path={`/api/admin/marketing/messages/${m.id}`}
                  params={{ handled: !m.handledAt }}
                  label={m.handledAt ? "Mark not handled" : "Mark handled"}
                  look={m.handledAt ? "secondary" : "primary"}
                />
                {m.handledAt ? (
                  <span className="text-xs font-semibold text-olive-800">Handled {dateTime.format(m.handledAt)}</span>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={list.page}
        pages={list.pageCount}
        href={(page) => listHref("/admin/marketing", raw, { page })}
      />
    </>
  );
}

async function Swatches({ db, raw }: { db: Db; raw: SearchParams }) {
  const parsed = swatchQuery.safeParse(raw);
  const f = parsed.success ? parsed.data : { page: 1, q: undefined, state: undefined };
  const list = await listSwatchRequests(db, f);
  return (
    <>
      <Filters
        tab="swatches"
        q={f.q}
        total={list.total}
        exportHref={csvHref("/api/admin/marketing/swatches", { q: f.q, state: f.state })}
      >
        <div>
          <label htmlFor="swatch-state" className={LABEL}>
            Show
          </label>
          <select id="swatch-state" name="state" defaultValue={f.state ?? ""} className={INPUT}>
            <option value="">All requests</option>
            <option value="waiting">To post</option>
            <option value="posted">Posted</option>
          </select>
        </div>
      </Filters>
      {list.rows.length === 0 ? (
        <EmptyState>No swatch requests match.</EmptyState>
      ) : (
        <ul className="grid gap-3">
          {list.rows.map((r) => (
            <li
              key={r.id}
              className="min-w-0 rounded-card border border-ink/10 bg-white p-4 shadow-sm"
              data-testid="swatch-request"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p className="text-sm font-semibold text-ink">{fabricNames(r.fabrics).join(", ")}</p>
                <span className="text-xs text-stone-600">
                  #{r.id} · {dateTime.format(r.createdAt)}
                </span>
              </div>
              <p className="mt-2 whitespace-pre-line text-sm leading-relaxed text-stone-700">{swatchAddress(r)}</p>
              <p className="mt-1 text-sm">
                <a className="break-all text-olive-800 underline underline-offset-4" href={`mailto:${r.email}`}>
                  {r.email}
                </a>
                {r.phone ? <span className="text-stone-600"> · {r.phone}</span> : null}
              </p>
              <div className="mt-3 flex flex-wrap items-center gap-3">
                <ActionButton
                  path={`/api/admin/marketing/swatches/${r.id}`}
                  params={{ posted: !r.postedAt }}
                  label={r.postedAt ? "Mark not posted" : "Mark posted"}
                  look={r.postedAt ? "secondary" : "primary"}
                />
                {r.postedAt ? (
                  <span className="text-xs font-semibold text-olive-800">Posted {dateTime.format(r.postedAt)}</span>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={list.page}
        pages={list.pageCount}
        href={(page) => listHref("/admin/marketing", raw, { page })}
      />
    </>
  );
}

async function Marketing({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireStaffPage();
  const raw = await searchParams;
  const tab: Tab = TABS.find((t) => t.tab === raw.tab)?.tab ?? "subscribers";
  const db = await getDb();
  const [open, waiting] = await Promise.all([countOpenMessages(db), countWaitingSwatches(db)]);
  return (
    <>
      <PageHeader
        title="Marketing"
        description="Newsletter subscribers with their consent, giveaway entries, contact messages and free swatch requests. Exports are logged."
      />
      <nav aria-label="Marketing lists" className="mb-4 flex flex-wrap gap-2">
        {TABS.map((t) => (
          <Link
            key={t.tab}
            href={t.tab === "subscribers" ? "/admin/marketing" : `/admin/marketing?tab=${t.tab}`}
            aria-current={tab === t.tab ? "page" : undefined}
            className="inline-flex min-h-11 items-center rounded-full border border-ink/15 bg-white px-4 text-sm font-medium text-ink hover:border-olive-700 aria-[current=page]:border-olive-800 aria-[current=page]:bg-olive-800 aria-[current=page]:text-white"
          >
            {t.label}
            {t.tab === "messages" && open ? (
              <span className="ml-2 rounded-full bg-amber-100 px-2 text-xs font-semibold text-amber-900">
                {open} open
              </span>
            ) : null}
            {t.tab === "swatches" && waiting ? (
              <span className="ml-2 rounded-full bg-amber-100 px-2 text-xs font-semibold text-amber-900">
                {waiting} to post
              </span>
            ) : null}
          </Link>
        ))}
      </nav>
      {tab === "subscribers" ? (
        <Subscribers db={db} raw={raw} />
      ) : tab === "giveaways" ? (
        <Entries db={db} raw={raw} />
      ) : tab === "messages" ? (
        <Messages db={db} raw={raw} />
      ) : (
        <Swatches db={db} raw={raw} />
      )}
    </>
  );
}

export default function MarketingPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <Suspense fallback={<AdminSkeleton label="Loading marketing data" />}>
      <Marketing searchParams={searchParams} />
    </Suspense>
  );
}
