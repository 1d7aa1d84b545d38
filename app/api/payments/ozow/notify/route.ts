import { connection, NextResponse } from "next/server";
import { route } from "@/lib/api/handler";
import { readProviderForm } from "@/lib/api/params";
import { getDb } from "@/lib/db/client";
import { handleOzowNotification } from "@/lib/payments/ozow/notify";

/** Ozow's notification: 200 once processed (a duplicate too), 400 when refused. */
export const POST = route(async (request) => {
  await connection();
  const { fields } = await readProviderForm(request);
  const { outcome, result } = await handleOzowNotification(await getDb(), fields);
  return NextResponse.json({ received: true, outcome, applied: result.applied });
});
