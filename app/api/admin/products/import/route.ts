import { z } from "zod";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson } from "@/lib/admin/http";
import { auditAs } from "@/lib/admin/catalog-api";
import { readBodyText } from "@/lib/api/body";
import { validationError } from "@/lib/api/handler";
import { dryRunImport, importCatalogue } from "@/lib/admin/catalog-csv";

const query = z.object({
  dryRun: z.enum(["1", "0", "true", "false"], { error: "dryRun is 1 or 0" }).optional(),
});

/**
 * POST the CSV file itself as the body (up to 5 MB). With ?dryRun=1: what each row would change
 * and every problem, nothing written. Without: every row imported in one go, or, with any
 * problem, none (a 400 listing them).
 */
export const POST = adminRoute(async (request, _context, ctx) => {
  const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw validationError(parsed.error);
  const text = await readBodyText(request);
  const dryRun = parsed.data.dryRun === "1" || parsed.data.dryRun === "true";
  if (dryRun) return adminJson({ plan: await dryRunImport(ctx.db, text) });
  const plan = await importCatalogue(ctx.db, text, auditAs(ctx));
  const done = plan.summary.create + plan.summary.update;
  return adminJson({
    plan,
    message: done
      ? `Imported: ${plan.summary.create} new, ${plan.summary.update} changed.`
      : "Nothing to change: the shop already matches the file.",
  });
}, "products");
