import { parseParams } from "@/lib/api/handler";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson } from "@/lib/admin/http";
import { auditListRead } from "@/lib/admin/audit";
import { listGiveawayEntries } from "@/lib/admin/marketing";
import { entryQuery } from "@/lib/admin/catalog-api";

/** q, campaign (slug), page; each call is one audit entry. The CSV is a POST to ./export. */
export const GET = adminRoute(async (request, _context, ctx) => {
  const { q, campaign, page } = await parseParams(request, entryQuery);
  const list = await listGiveawayEntries(ctx.db, { q, campaign, page });
  await auditListRead(ctx, { list: "giveaway_entries", filter: { q, campaign, page }, rows: list.rows.length });
  return adminJson(list);
}, "marketing");
