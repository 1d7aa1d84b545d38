import { parseParams } from "@/lib/api/handler";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson } from "@/lib/admin/http";
import { auditListRead } from "@/lib/admin/audit";
import { listSwatchRequests } from "@/lib/admin/marketing";
import { swatchQuery } from "@/lib/admin/catalog-api";

/** q, state (waiting | posted), page; each call is one audit entry. The CSV is a POST to ./export. */
export const GET = adminRoute(async (request, _context, ctx) => {
  const { q, state, page } = await parseParams(request, swatchQuery);
  const list = await listSwatchRequests(ctx.db, { q, state, page });
  await auditListRead(ctx, { list: "swatch_requests", filter: { q, state, page }, rows: list.rows.length });
  return adminJson(list);
}, "marketing");
