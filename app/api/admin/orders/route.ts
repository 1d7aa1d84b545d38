import { parseParams } from "@/lib/api/handler";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson } from "@/lib/admin/http";
import { adminOrderJson, listOrders, orderListQuery } from "@/lib/admin/orders";

/** q (order number, e-mail, name, phone), status, method, from, to (YYYY-MM-DD), page: newest first, with counts per status. */
export const GET = adminRoute(async (request, _context, { db }) => {
  const query = await parseParams(request, orderListQuery);
  const list = await listOrders(db, query);
  return adminJson({
    orders: list.rows.map((r) => ({ ...adminOrderJson(r), name: r.name, items: r.items })),
    total: list.total,
    page: list.page,
    pages: list.pages,
    counts: list.counts,
    overdue: list.overdue,
  });
});
