import { csvExportRoute } from "@/lib/admin/exports";
import { orderExportFilter, ordersCsv } from "@/lib/admin/orders";

/** POST q, status, method, from, to: every matching order as a CSV download (one audit entry). GET is a 405. */
const exported = csvExportRoute({
  list: "orders",
  filter: orderExportFilter,
  name: () => "orders",
  file: ordersCsv,
});
export const GET = exported.GET;
export const POST = exported.POST;
