import { z } from "zod";
import { parseParams } from "@/lib/api/handler";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson } from "@/lib/admin/http";
import { auditListRead } from "@/lib/admin/audit";
import { adminOrderJson, cancelOverdue, overdueOrders } from "@/lib/admin/orders";

/** Bank-transfer orders on hold and unpaid past their deadline; each call is one audit entry. */
export const GET = adminRoute(async (_request, _context, ctx) => {
  const rows = await overdueOrders(ctx.db);
  await auditListRead(ctx, { list: "overdue_orders", filter: {}, rows: rows.length });
  return adminJson({ orders: rows.map((r) => ({ ...adminOrderJson(r), name: r.name })) });
}, "orders");

const cancelSchema = z.object({
  ids: z.array(z.coerce.number().int().positive()).min(1, { error: "Choose at least one order" }).max(500),
});

/** { ids }: cancels those of them still overdue (one paid in the meantime stays), releasing their stock. */
export const POST = adminRoute(async (request, _context, ctx) => {
  const { ids } = await parseParams(request, cancelSchema);
  const cancelled = await cancelOverdue(ctx, ids);
  return adminJson({
    cancelled: cancelled.map((o) => o.number),
    message: cancelled.length === 1 ? "1 overdue order cancelled." : `${cancelled.length} overdue orders cancelled.`,
  });
}, "orders");
