import { adminRoute } from "@/lib/admin/guard";
import { adminJson, idParam } from "@/lib/admin/http";
import { revokeRole } from "@/lib/admin/staff";

type Context = { params: Promise<{ id: string }> };

/** Takes the back office away: the account stays, as a customer, signed out everywhere. */
export const DELETE = adminRoute<Context>(async (_request, context, ctx) => {
  const row = await revokeRole(ctx, await idParam(context));
  return adminJson({
    id: row.id,
    email: row.email,
    role: row.role,
    message: `${row.email} no longer has access to the back office.`,
  });
}, "staff");
