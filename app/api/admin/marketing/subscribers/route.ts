import { parseParams } from "@/lib/api/handler";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson } from "@/lib/admin/http";
import { recordAudit } from "@/lib/admin/audit";
import { listSubscribers, subscribersCsv } from "@/lib/admin/marketing";
import { csvResponse, subscriberQuery } from "@/lib/admin/catalog-api";

/** q, state (subscribed | unsubscribed), page; format=csv: every matching row as a download (logged). */
export const GET = adminRoute(async (request, _context, { db, staff, ip }) => {
  const { format, ...filter } = await parseParams(request, subscriberQuery);
  if (format === "json") return adminJson(await listSubscribers(db, filter));
  const csv = await subscribersCsv(db, filter);
  await recordAudit(db, {
    staffId: staff.id,
    ip,
    action: "export.csv",
    entity: "newsletter_subscribers",
    entityId: "",
    after: { q: filter.q ?? "", state: filter.state ?? "all" },
  });
  return csvResponse("newsletter-subscribers", csv);
});
