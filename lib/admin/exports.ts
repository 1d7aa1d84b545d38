import "server-only";
import type { z, ZodType } from "zod";
import { ApiError } from "@/lib/api/errors";
import { errorResponse, parseParams } from "@/lib/api/handler";
import { adminRoute } from "@/lib/admin/guard";
import { capabilityForAdminPath } from "@/lib/admin/paths";
import { auditListRead, type PersonalDataList } from "@/lib/admin/audit";
import { shopDay } from "@/lib/admin/format";
import type { CsvFile } from "@/lib/admin/csv";
import type { Db } from "@/lib/db/client";

/** Where each list's CSV is downloaded from: a POST, from the Export button on the list's page. */
export const EXPORT_PATHS = {
  orders: "/api/admin/orders/export",
  newsletter_subscribers: "/api/admin/marketing/subscribers/export",
  giveaway_entries: "/api/admin/marketing/giveaway-entries/export",
  contact_messages: "/api/admin/marketing/messages/export",
  swatch_requests: "/api/admin/marketing/swatches/export",
} as const satisfies Partial<Record<PersonalDataList, string>>;

export type ExportedList = keyof typeof EXPORT_PATHS;

/** What a list call answers when asked for its CSV: exports are POSTs, to an address of their own. */
export function exportIsAPost(list: ExportedList): string {
  return `A CSV export is a POST to ${EXPORT_PATHS[list]}, from the Export button on the list's page`;
}

/** A CSV download, named for what it holds and the South African day. */
export function csvResponse(name: string, csv: string, now = new Date()): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="kaya-${name}-${shopDay(now)}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * A list's export, as a route's GET and POST. The download is a POST, so the origin check refuses
 * another site's form and an image or a link on any page cannot make one in a member of staff's
 * name; a GET is a 405 that downloads and logs nothing. Each download is one audit entry.
 */
export function csvExportRoute<S extends ZodType>(opts: {
  list: ExportedList;
  /** The list's filter, read from the form's fields. */
  filter: S;
  /** The file's name, without the shop's prefix, the day or ".csv". */
  name: (filter: z.infer<S>) => string;
  file: (db: Db, filter: z.infer<S>) => Promise<CsvFile>;
}) {
  // Exporting a list takes what reading it takes: the capability of the section its address is in.
  const capability = capabilityForAdminPath(EXPORT_PATHS[opts.list].replace(/^\/api/, ""));
  const GET = adminRoute(
    async () => errorResponse(new ApiError(405, "method_not_allowed", exportIsAPost(opts.list)), { Allow: "POST" }),
    capability,
  );
  const POST = adminRoute(async (request, _context, ctx) => {
    const filter = await parseParams(request, opts.filter);
    const file = await opts.file(ctx.db, filter);
    await auditListRead(ctx, { list: opts.list, filter: filter as ExportFilter, rows: file.rows }, "export");
    return csvResponse(opts.name(filter), file.csv);
  }, capability);
  return { GET, POST };
}

type ExportFilter = Record<string, string | number | undefined>;
