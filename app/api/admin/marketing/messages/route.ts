import { parseParams } from "@/lib/api/handler";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson } from "@/lib/admin/http";
import { auditListRead } from "@/lib/admin/audit";
import { listContactMessages } from "@/lib/admin/marketing";
import { messageQuery } from "@/lib/admin/catalog-api";

/** q, state (open | handled), page; each call is one audit entry. The CSV is a POST to ./export. */
export const GET = adminRoute(async (request, _context, ctx) => {
  const { q, state, page } = await parseParams(request, messageQuery);
  const list = await listContactMessages(ctx.db, { q, state, page });
  await auditListRead(ctx, { list: "contact_messages", filter: { q, state, page }, rows: list.rows.length });
  return adminJson(list);
}, "marketing");
