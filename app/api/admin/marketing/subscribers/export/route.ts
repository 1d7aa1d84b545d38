import { csvExportRoute } from "@/lib/admin/exports";
import { subscribersCsv } from "@/lib/admin/marketing";
import { subscriberFilter } from "@/lib/admin/catalog-api";

/** POST q, state: every matching subscriber as a CSV download (one audit entry). GET is a 405. */
const exported = csvExportRoute({
  list: "newsletter_subscribers",
  filter: subscriberFilter,
  name: () => "newsletter-subscribers",
  file: subscribersCsv,
});
export const GET = exported.GET;
export const POST = exported.POST;
