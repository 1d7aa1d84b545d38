import { parseParams } from "@/lib/api/handler";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson } from "@/lib/admin/http";
import { auditListRead } from "@/lib/admin/audit";
import { listSubscribers } from "@/lib/admin/marketing";
import { subscriberQuery } from "@/lib/admin/catalog-api";

/** q, state (subscribed | unsubscribed), page; each call is one audit entry. The CSV is a POST to ./export. */
export const GET = adminRoute(async (request, _context, ctx) => {
  const { q, state, page } = await parseParams(request, subscriberQuery);
  const list = await listSubscribers(ctx.db, { q, state, page });
  await auditListRead(ctx, { list: "newsletter_subscribers", filter: { q, state, page }, rows: list.rows.length });
  return adminJson(list);
}, "marketing");
