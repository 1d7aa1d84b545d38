import { connection, NextResponse } from "next/server";
import { z } from "zod";
import { parseParams, route } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { listReviews } from "@/lib/reviews/queries";

const params = z.object({
  productId: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(100),
});

/** The published reviews, newest first; one product's with ?productId=. */
export const GET = route(async (request) => {
  await connection();
  const { productId, page, perPage } = await parseParams(request, params);
  const list = await listReviews(await getDb(), { productId, limit: perPage, offset: (page - 1) * perPage });
  return NextResponse.json(list, { headers: { "Cache-Control": "no-store" } });
});
