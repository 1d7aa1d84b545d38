import { connection, NextResponse } from "next/server";
import { route } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { automaticCoupons } from "@/lib/coupons/usage";

/** The automatic coupons' codes, in the order they are tried; never every code. */
export const GET = route(async () => {
  await connection();
  const live = await automaticCoupons(await getDb());
  return NextResponse.json(
    live.map(({ code }) => ({ code })),
    { headers: { "Cache-Control": "public, max-age=60" } },
  );
});
