import { parseParams } from "@/lib/api/handler";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson } from "@/lib/admin/http";
import { recordAudit } from "@/lib/admin/audit";
import { giveawayEntriesCsv, listGiveawayEntries } from "@/lib/admin/marketing";
import { csvResponse, entryQuery } from "@/lib/admin/catalog-api";

/** q, campaign (slug), page; format=csv: every matching row as a download (logged). */
export const GET = adminRoute(async (request, _context, { db, staff, ip }) => {
  const { format, ...filter } = await parseParams(request, entryQuery);
  if (format === "json") return adminJson(await listGiveawayEntries(db, filter));
  const csv = await giveawayEntriesCsv(db, filter);
  await recordAudit(db, {
    staffId: staff.id,
    ip,
    action: "export.csv",
    entity: "giveaway_entries",
    entityId: filter.campaign ?? "",
    after: { q: filter.q ?? "", campaign: filter.campaign ?? "all" },
  });
  return csvResponse(`giveaway-entries${filter.campaign ? `-${filter.campaign.replace(/[^a-z0-9-]/g, "")}` : ""}`, csv);
});
