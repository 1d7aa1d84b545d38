import { z } from "zod";
import { parseParams } from "@/lib/api/handler";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson } from "@/lib/admin/http";
import { auditEntries } from "@/lib/admin/audit";
import { pageParam } from "@/lib/admin/list/query";

const auditQuery = z.object({
  page: pageParam,
  entity: z.string().trim().max(40).optional(),
  entity_id: z.string().trim().max(40).optional(),
});

/** The audit log, newest first, 50 a page; for admins only. */
export const GET = adminRoute(async (request, _context, { db }) => {
  const q = await parseParams(request, auditQuery);
  const page = await auditEntries(db, {
    page: q.page,
    entity: q.entity || undefined,
    entityId: q.entity_id || undefined,
  });
  return adminJson({
    entries: page.entries.map((e) => ({
      id: e.id,
      staff_id: e.staffId,
      staff_email: e.staffEmail,
      action: e.action,
      entity: e.entity,
      entity_id: e.entityId,
      before: e.before,
      after: e.after,
      ip: e.ip,
      date: e.createdAt.toISOString(),
    })),
    total: page.total,
    page: page.page,
    pages: page.pages,
  });
}, "audit");
