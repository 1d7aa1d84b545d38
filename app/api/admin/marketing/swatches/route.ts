import { parseParams } from "@/lib/api/handler";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson } from "@/lib/admin/http";
import { recordAudit } from "@/lib/admin/audit";
import { listSwatchRequests, swatchRequestsCsv } from "@/lib/admin/marketing";
import { csvResponse, swatchQuery } from "@/lib/admin/catalog-api";

/** q, state (waiting | posted), page; format=csv: every matching request as a download (logged). */
export const GET = adminRoute(async (request, _context, { db, staff, ip }) => {
  const { format, ...filter } = await parseParams(request, swatchQuery);
  if (format === "json") return adminJson(await listSwatchRequests(db, filter));
  const csv = await swatchRequestsCsv(db, filter);
  await recordAudit(db, {
    staffId: staff.id,
    ip,
    action: "export.csv",
    entity: "swatch_requests",
    entityId: "",
    after: { q: filter.q ?? "", state: filter.state ?? "all" },
  });
  return csvResponse("swatch-requests", csv);
});
