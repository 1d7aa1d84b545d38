import { csvExportRoute } from "@/lib/admin/exports";
import { giveawayEntriesCsv } from "@/lib/admin/marketing";
import { entryFilter } from "@/lib/admin/catalog-api";

/** POST q, campaign: every matching entry as a CSV download (one audit entry). GET is a 405. */
const exported = csvExportRoute({
  list: "giveaway_entries",
  filter: entryFilter,
  name: (f) => `giveaway-entries${f.campaign ? `-${f.campaign.replace(/[^a-z0-9-]/g, "")}` : ""}`,
  file: giveawayEntriesCsv,
});
export const GET = exported.GET;
export const POST = exported.POST;
