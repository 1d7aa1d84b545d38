import { csvExportRoute } from "@/lib/admin/exports";
import { contactMessagesCsv } from "@/lib/admin/marketing";
import { messageFilter } from "@/lib/admin/catalog-api";

/** POST q, state: every matching message as a CSV download (one audit entry). GET is a 405. */
const exported = csvExportRoute({
  list: "contact_messages",
  filter: messageFilter,
  name: () => "contact-messages",
  file: contactMessagesCsv,
});
export const GET = exported.GET;
export const POST = exported.POST;
