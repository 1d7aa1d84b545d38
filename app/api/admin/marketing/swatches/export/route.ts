import { csvExportRoute } from "@/lib/admin/exports";
import { swatchRequestsCsv } from "@/lib/admin/marketing";
import { swatchFilter } from "@/lib/admin/catalog-api";

/** POST q, state: every matching request as a CSV download (one audit entry). GET is a 405. */
const exported = csvExportRoute({
  list: "swatch_requests",
  filter: swatchFilter,
  name: () => "swatch-requests",
  file: swatchRequestsCsv,
});
export const GET = exported.GET;
export const POST = exported.POST;
