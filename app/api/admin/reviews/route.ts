import { parseParams } from "@/lib/api/handler";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson } from "@/lib/admin/http";
import { auditListRead } from "@/lib/admin/audit";
import { listAdminReviews } from "@/lib/admin/reviews";
import { reviewListQuery } from "@/lib/admin/catalog-api";

/** q, state (new | published | hidden), page: newest first, with the writer's address; each call is one audit entry. */
export const GET = adminRoute(async (request, _context, ctx) => {
  const query = await parseParams(request, reviewListQuery);
  const list = await listAdminReviews(ctx.db, query);
  await auditListRead(ctx, { list: "reviews", filter: query, rows: list.rows.length });
  return adminJson(list);
}, "reviews");
