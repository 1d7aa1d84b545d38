import { connection, NextResponse } from "next/server";
import { route } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { dashboardReviews } from "@/lib/reviews/queries";

/** The home page's reviews as `results`, with the shop's overall rating. */
export const GET = route(async () => {
  await connection();
  return NextResponse.json(await dashboardReviews(await getDb()), { headers: { "Cache-Control": "no-store" } });
});
