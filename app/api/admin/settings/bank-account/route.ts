import { parseParams } from "@/lib/api/handler";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson } from "@/lib/admin/http";
import { auditAs } from "@/lib/admin/catalog-api";
import { saveBankAccount } from "@/lib/admin/settings";
import { settingsChanged } from "@/lib/admin/revalidate";
import { bankAccountFields } from "@/lib/settings/schema";
import { readSetting } from "@/lib/settings/store";

/** The account shoppers pay a bank transfer into, as saved (null before it is). */
export const GET = adminRoute(async (_request, _context, { db }) => {
  return adminJson({ bankAccount: await readSetting(db, "bankAccount") });
}, "settings");

/** Saves the account (lib/settings/schema.ts): the next order page and e-mail show it. */
export const PUT = adminRoute(async (request, _context, ctx) => {
  const bankAccount = await saveBankAccount(ctx.db, await parseParams(request, bankAccountFields), auditAs(ctx));
  settingsChanged();
  return adminJson({ bankAccount, message: "Bank account saved." });
}, "settings");
