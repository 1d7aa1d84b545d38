import { connection, NextResponse } from "next/server";
import { route } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { automaticCouponCodes } from "@/lib/cart/cart";

/** Automatic coupons only, in the order the client tries them (DESIGN.md departure). */
export const GET = route(async () => {
  await connection();
  const codes = await automaticCouponCodes(await getDb());
  return NextResponse.json(
    codes.map((code) => ({ code })),
    { headers: { "Cache-Control": "public, max-age=60" } },
  );
});
