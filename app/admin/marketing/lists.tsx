import type { ReactNode } from "react";
import type { z } from "zod";
import { ActionButton } from "@/components/admin/catalog/action-button";
import { ExportForm } from "@/components/admin/export-form";
import { CardList, DataTable, type Column } from "@/components/admin/list/data-table";
import { FilterBar } from "@/components/admin/list/filter-bar";
import { Pager } from "@/components/admin/list/pager";
import type { AdminContext } from "@/lib/admin/guard";
import { auditListRead } from "@/lib/admin/audit";
import type { Page } from "@/lib/admin/change";
import type { ExportedList } from "@/lib/admin/exports";
import {
  campaignCounts,
  listContactMessages,
  listGiveawayEntries,
  listSubscribers,
  listSwatchRequests,
  swatchAddress,
  type ContactMessage,
  type GiveawayEntry,
  type Subscriber,
  type SwatchRequestRow,
} from "@/lib/admin/marketing";
import { entryQuery, messageQuery, subscriberQuery, swatchQuery } from "@/lib/admin/catalog-api";
import { choices, searchField, type FilterField } from "@/lib/admin/list/filters";
import { filtersOf, parseListQuery, type SearchParams } from "@/lib/admin/list/query";
import { formatDateTime } from "@/lib/admin/format";
import type { Db } from "@/lib/db/client";

export const MARKETING_PATH = "/admin/marketing";

/** One of the page's lists: its query, how it loads, its filters beside the search box and its rows. */
type ListConfig<S extends z.ZodObject, Row> = {
  tab: string;
  exported: ExportedList;
  schema: S;
  load: (
    db: Db,
    query: z.output<S>,
  ) => Promise<{ list: Page<Row>; filters: FilterField[]; view: (rows: Row[]) => ReactNode }>;
};

/** A list whose filters are known before it loads: only its rows come from the database. */
function fixedList<S extends z.ZodObject, Row>(config: {
  tab: string;
  exported: ExportedList;
  schema: S;
  list: (db: Db, query: z.output<S>) => Promise<Page<Row>>;
  filter: FilterField;
  view: (rows: Row[]) => ReactNode;
}): ListConfig<S, Row> {
  const { list, filter, view, ...rest } = config;
  return { ...rest, load: async (db, query) => ({ list: await list(db, query), filters: [filter], view }) };
}

const stateFilter = (id: string, any: string, options: [string, string][]): FilterField => ({
  kind: "select",
  name: "state",
  id,
  label: "Show",
  any,
  options: choices(options),
});

/**
 * A list of people's details: its search and filters with its Export button (a form of its own,
 * POSTing the filter shown), its rows and pages. Each opening is written to the audit log.
 */
export async function MarketingList<S extends z.ZodObject, Row>({
  ctx,
  raw,
  config,
}: {
  ctx: AdminContext;
  raw: SearchParams;
  config: ListConfig<S, Row>;
}) {
  const { query, params } = parseListQuery(config.schema, raw, { keep: ["tab"] });
  const { list, filters, view } = await config.load(ctx.db, query);
  const filter = filtersOf(query, ["page", "format"]);
  await auditListRead(ctx, { list: config.exported, filter: { ...filter, page: list.page }, rows: list.rows.length });
  return (
    <>
      <FilterBar
        label="Find"
        fields={[searchField("marketing-q"), ...filters]}
        values={query}
        hidden={{ tab: config.tab }}
        grid="sm:grid-cols-[1fr_auto_auto] sm:items-end"
        aside={<ExportForm list={config.exported} filter={filter} count={list.total} />}
      />
      {view(list.rows)}
      <Pager page={list.page} pages={list.pageCount} path={MARKETING_PATH} params={params} />
    </>
  );
}

const SUBSCRIBER_COLUMNS: Column<Subscriber>[] = [
  { key: "email", header: "E-mail", className: "break-all", cell: (s) => s.email },
  { key: "consent", header: "Consent given", cell: (s) => formatDateTime(s.consentAt) },
  { key: "source", header: "Where", cell: (s) => s.consentSource },
  { key: "gone", header: "Unsubscribed", cell: (s) => (s.unsubscribedAt ? formatDateTime(s.unsubscribedAt) : "—") },
];

export const SUBSCRIBERS = fixedList({
  tab: "subscribers",
  exported: "newsletter_subscribers",
  schema: subscriberQuery,
  list: listSubscribers,
  filter: stateFilter("subscriber-state", "Everyone", [
    ["subscribed", "Subscribed"],
    ["unsubscribed", "Unsubscribed"],
  ]),
  view: (rows) => (
    <DataTable
      label="Newsletter subscribers"
      rows={rows}
      columns={SUBSCRIBER_COLUMNS}
      rowKey={(s) => s.id}
      empty="No subscribers match."
    />
  ),
});

const entryColumns = (titles: Map<string, string>): Column<GiveawayEntry>[] => [
  { key: "name", header: "Name", cell: (e) => e.name },
  {
    key: "contact",
    header: "Contact",
    className: "break-all",
    cell: (e) => (
      <>
        {e.email}
        <span className="block text-xs text-stone-600">{e.phone}</span>
      </>
    ),
  },
  { key: "province", header: "Province", cell: (e) => e.province },
  { key: "campaign", header: "Campaign", cell: (e) => titles.get(e.campaign) ?? e.campaign },
  { key: "entered", header: "Entered", cell: (e) => formatDateTime(e.createdAt) },
];

export const ENTRIES: ListConfig<typeof entryQuery, GiveawayEntry> = {
  tab: "giveaways",
  exported: "giveaway_entries",
  schema: entryQuery,
  load: async (db, query) => {
    const [list, campaigns] = await Promise.all([listGiveawayEntries(db, query), campaignCounts(db)]);
    const campaign: FilterField = {
      kind: "select",
      name: "campaign",
      id: "entry-campaign",
      label: "Campaign",
      any: "All campaigns",
      options: campaigns.map((c) => ({ value: c.slug, label: `${c.title} (${c.entries})` })),
    };
    const columns = entryColumns(new Map(campaigns.map((c) => [c.slug, c.title])));
    return {
      list,
      filters: [campaign],
      view: (rows) => (
        <DataTable
          label="Giveaway entries"
          rows={rows}
          columns={columns}
          rowKey={(e) => e.id}
          empty="No entries match."
        />
      ),
    };
  },
};

/** A message or request to act on: what it is, its details, who sent it and the button that marks it done. */
function ActionCard({
  testId,
  heading,
  aside,
  body,
  contact,
  action,
}: {
  testId: string;
  heading: ReactNode;
  aside: ReactNode;
  body: string;
  contact?: ReactNode;
  /** The address that marks it done or not, the flag it takes (`handled`) and when it was done. */
  action: { path: string; flag: "handled" | "posted"; at: Date | null };
}) {
  const { path, flag, at } = action;
  const word = flag === "handled" ? "Handled" : "Posted";
  return (
    <li className="min-w-0 rounded-card border border-ink/10 bg-white p-4 shadow-sm" data-testid={testId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        {heading}
        <span className="text-xs text-stone-600">{aside}</span>
      </div>
      <p className="mt-2 whitespace-pre-line text-sm leading-relaxed text-stone-700">{body}</p>
      {contact}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <ActionButton
          path={path}
          params={{ [flag]: !at }}
          label={at ? `Mark not ${flag}` : `Mark ${flag}`}
          look={at ? "secondary" : "primary"}
        />
        {at ? (
          <span className="text-xs font-semibold text-olive-800">
            {word} {formatDateTime(at)}
          </span>
        ) : null}
      </div>
    </li>
  );
}

function Contact({ email, phone }: { email: string; phone: string | null }) {
  return (
    <>
      <a className="break-all text-olive-800 underline underline-offset-4" href={`mailto:${email}`}>
        {email}
      </a>
      {phone ? <span className="text-stone-600"> · {phone}</span> : null}
    </>
  );
}

function MessageCard({ message: m }: { message: ContactMessage }) {
  return (
    <ActionCard
      testId="contact-message"
      heading={
        <p className="text-sm">
          <span className="font-semibold text-ink">{m.name}</span> <Contact email={m.email} phone={m.phone} />
        </p>
      }
      aside={formatDateTime(m.createdAt)}
      body={m.message}
      action={{ path: `/api/admin/marketing/messages/${m.id}`, flag: "handled", at: m.handledAt }}
    />
  );
}

function SwatchCard({ request: r }: { request: SwatchRequestRow }) {
  return (
    <ActionCard
      testId="swatch-request"
      heading={<p className="text-sm font-semibold text-ink">{r.fabricNames.join(", ")}</p>}
      aside={`#${r.id} · ${formatDateTime(r.createdAt)}`}
      body={swatchAddress(r)}
      contact={
        <p className="mt-1 text-sm">
          <Contact email={r.email} phone={r.phone} />
        </p>
      }
      action={{ path: `/api/admin/marketing/swatches/${r.id}`, flag: "posted", at: r.postedAt }}
    />
  );
}

export const MESSAGES = fixedList({
  tab: "messages",
  exported: "contact_messages",
  schema: messageQuery,
  list: listContactMessages,
  filter: stateFilter("message-state", "All messages", [
    ["open", "Not handled"],
    ["handled", "Handled"],
  ]),
  view: (rows) => (
    <CardList rows={rows} empty="No messages match.">
      {(m) => <MessageCard key={m.id} message={m} />}
    </CardList>
  ),
});

export const SWATCHES = fixedList({
  tab: "swatches",
  exported: "swatch_requests",
  schema: swatchQuery,
  list: listSwatchRequests,
  filter: stateFilter("swatch-state", "All requests", [
    ["waiting", "To post"],
    ["posted", "Posted"],
  ]),
  view: (rows) => (
    <CardList rows={rows} empty="No swatch requests match.">
      {(r) => <SwatchCard key={r.id} request={r} />}
    </CardList>
  ),
});
