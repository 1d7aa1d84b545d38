import { parseParams } from "@/lib/api/handler";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson } from "@/lib/admin/http";
import { auditListRead } from "@/lib/admin/audit";
import { adminOrderJson, listOrders, orderListQuery } from "@/lib/admin/orders";

/**
 * q (order number, e-mail, name or phone), status, method, from, to (YYYY-MM-DD), page: newest first, with counts
 * per status; each call is one audit entry. The CSV is a POST to ./export.
 */
export const GET = adminRoute(async (request, _context, ctx) => {
  const query = await parseParams(request, orderListQuery);
  const list = await listOrders(ctx.db, query);
  await auditListRead(ctx, { list: "orders", filter: query, rows: list.rows.length });
  return adminJson({
    orders: list.rows.map((r) => ({ ...adminOrderJson(r), name: r.name, items: r.items })),
    total: list.total,
    page: list.page,
    pages: list.pages,
    counts: list.counts,
    overdue: list.overdue,
  });
}, "orders");
