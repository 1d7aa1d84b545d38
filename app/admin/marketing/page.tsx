import type { Metadata } from "next";
import { Suspense } from "react";
import { AdminSkeleton, PageHeader } from "@/components/admin/ui";
import { ListTabs } from "@/components/admin/list/list-tabs";
import { requireStaffPageContext } from "@/lib/admin/guard";
import { countOpenMessages, countWaitingSwatches } from "@/lib/admin/marketing";
import { listHref } from "@/lib/admin/list/href";
import type { SearchParams } from "@/lib/admin/list/query";
import { ENTRIES, MARKETING_PATH, MESSAGES, MarketingList, SUBSCRIBERS, SWATCHES } from "./lists";

export const metadata: Metadata = { title: "Marketing" };

const TABS = [
  { tab: SUBSCRIBERS.tab, label: "Newsletter" },
  { tab: ENTRIES.tab, label: "Giveaway entries" },
  { tab: MESSAGES.tab, label: "Contact messages" },
  { tab: SWATCHES.tab, label: "Swatch requests" },
];

async function Marketing({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const ctx = await requireStaffPageContext("marketing");
  const raw = await searchParams;
  const tab = TABS.find((t) => t.tab === raw.tab)?.tab ?? SUBSCRIBERS.tab;
  const [open, waiting] = await Promise.all([countOpenMessages(ctx.db), countWaitingSwatches(ctx.db)]);
  const notes: Record<string, string | undefined> = {
    [MESSAGES.tab]: open ? `${open} open` : undefined,
    [SWATCHES.tab]: waiting ? `${waiting} to post` : undefined,
  };
  return (
    <>
      <PageHeader
        title="Marketing"
        description="Newsletter subscribers with their consent, giveaway entries, contact messages and free swatch requests. Each list you open and each export is written to the audit log."
      />
      <ListTabs
        label="Marketing lists"
        tabs={TABS.map((t) => ({
          label: t.label,
          href: listHref(MARKETING_PATH, {}, { tab: t.tab === SUBSCRIBERS.tab ? undefined : t.tab }),
          current: tab === t.tab,
          note: notes[t.tab],
        }))}
      />
      {tab === ENTRIES.tab ? (
        <MarketingList ctx={ctx} raw={raw} config={ENTRIES} />
      ) : tab === MESSAGES.tab ? (
        <MarketingList ctx={ctx} raw={raw} config={MESSAGES} />
      ) : tab === SWATCHES.tab ? (
        <MarketingList ctx={ctx} raw={raw} config={SWATCHES} />
      ) : (
        <MarketingList ctx={ctx} raw={raw} config={SUBSCRIBERS} />
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
