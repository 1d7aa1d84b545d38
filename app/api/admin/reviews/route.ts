import { parseParams } from "@/lib/api/handler";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson } from "@/lib/admin/http";
import { listAdminReviews } from "@/lib/admin/reviews";
import { reviewListQuery } from "@/lib/admin/catalog-api";

/** q, state (new | published | hidden), page: newest first, with the writer's address. */
export const GET = adminRoute(async (request, _context, { db }) => {
  return adminJson(await listAdminReviews(db, await parseParams(request, reviewListQuery)));
});
