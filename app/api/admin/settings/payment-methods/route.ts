import { parseParams } from "@/lib/api/handler";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson } from "@/lib/admin/http";
import { auditAs } from "@/lib/admin/catalog-api";
import { savePaymentMethods } from "@/lib/admin/settings";
import { settingsChanged } from "@/lib/admin/revalidate";
import { paymentMethodsFields } from "@/lib/settings/schema";
import { paymentMethodStates } from "@/lib/payments/availability";

/** Each payment method: whether it can take money here, what it needs if not, and whether it is offered. */
export const GET = adminRoute(async (_request, _context, { db }) => {
  return adminJson({ methods: await paymentMethodStates(db) });
}, "settings");

/** Which methods shoppers are offered: { offered: ["payfast", "bank-transfer"] }. */
export const PUT = adminRoute(async (request, _context, ctx) => {
  const saved = await savePaymentMethods(ctx.db, await parseParams(request, paymentMethodsFields), auditAs(ctx));
  settingsChanged();
  return adminJson({ offered: saved.offered, message: "Payment methods saved." });
}, "settings");
