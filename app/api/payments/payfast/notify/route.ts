import { connection, NextResponse } from "next/server";
import { route } from "@/lib/api/handler";
import { readProviderForm } from "@/lib/api/params";
import { clientIp } from "@/lib/api/client-ip";
import { getDb } from "@/lib/db/client";
import { handlePayfastItn } from "@/lib/payments/payfast/itn";

/** PayFast's ITN: 200 once processed (a replay too, so PayFast stops retrying), 400 when refused. */
export const POST = route(async (request) => {
  await connection();
  const { raw } = await readProviderForm(request);
  const { outcome, result } = await handlePayfastItn(await getDb(), raw, clientIp(request.headers));
  return NextResponse.json({ received: true, outcome, applied: result?.applied ?? false });
});
