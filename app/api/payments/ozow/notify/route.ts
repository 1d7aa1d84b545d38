import { connection, NextResponse } from "next/server";
import { route } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { handleOzowNotification } from "@/lib/payments/ozow/notify";

/** Ozow's notification: 200 once processed (a duplicate too), 400 when refused. */
export const POST = route(async (request) => {
  await connection();
  const fields = Object.fromEntries(new URLSearchParams(await request.text()));
  const { outcome, result } = await handleOzowNotification(await getDb(), fields);
  return NextResponse.json({ received: true, outcome, applied: result.applied });
});
