import { parseParams } from "@/lib/api/handler";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson } from "@/lib/admin/http";
import { recordAudit } from "@/lib/admin/audit";
import { contactMessagesCsv, listContactMessages } from "@/lib/admin/marketing";
import { csvResponse, messageQuery } from "@/lib/admin/catalog-api";

/** q, state (open | handled), page; format=csv: every matching row as a download (logged). */
export const GET = adminRoute(async (request, _context, { db, staff, ip }) => {
  const { format, ...filter } = await parseParams(request, messageQuery);
  if (format === "json") return adminJson(await listContactMessages(db, filter));
  const csv = await contactMessagesCsv(db, filter);
  await recordAudit(db, {
    staffId: staff.id,
    ip,
    action: "export.csv",
    entity: "contact_messages",
    entityId: "",
    after: { q: filter.q ?? "", state: filter.state ?? "all" },
  });
  return csvResponse("contact-messages", csv);
});
