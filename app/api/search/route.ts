import { connection, NextResponse } from "next/server";
import { z } from "zod";
import { parseParams, route } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { suggest } from "@/lib/search/search";

const params = z.object({
  q: z.string().max(200, "q: at most 200 characters").default(""),
  limit: z.coerce.number().int().min(1).max(10).default(6),
});

/** What the header's search box lists as the shopper types: `{ query, correctedTo, products, categories }`. */
export const GET = route(async (request) => {
  await connection();
  const { q, limit } = await parseParams(request, params);
  const body = await suggest(await getDb(), q, limit);
  // The same for every shopper; a short private cache spares a call when the shopper deletes a letter.
  return NextResponse.json(body, { headers: { "Cache-Control": "private, max-age=60" } });
});
