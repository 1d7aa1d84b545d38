import { NextResponse } from "next/server";
import { timingSafeEqual } from "node:crypto";
import { route } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";
import { getDb } from "@/lib/db/client";
import { expireOrders } from "@/lib/orders/expire";
import { serverEnv } from "@/lib/config/env";

function authorised(header: string | null): boolean {
  const secret = serverEnv().CRON_SECRET;
  if (!secret || !header?.startsWith("Bearer ")) return false;
  const given = Buffer.from(header.slice(7));
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * On demand (a cron, staff): POST with `Authorization: Bearer $CRON_SECRET`. One pass of the
 * expiry job: the numbers of the orders it cancelled and of the bank-transfer orders it reminded.
 */
export const POST = route(async (request) => {
  if (!authorised(request.headers.get("authorization")))
    throw new ApiError(401, "unauthorised", "A valid CRON_SECRET bearer token is required");
  const { cancelled, reminded } = await expireOrders(await getDb());
  return NextResponse.json({ cancelled: cancelled.map((o) => o.number), reminded: reminded.map((o) => o.number) });
});
