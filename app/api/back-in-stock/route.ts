import { NextResponse } from "next/server";
import { parseParams, route } from "@/lib/api/handler";
import { clientIp } from "@/lib/api/client-ip";
import { getDb } from "@/lib/db/client";
import { addressKey, enforce } from "@/lib/security/rate-limit";
import { REQUESTED_MESSAGE, RESTOCK_LIMIT, restockSchema } from "@/lib/restock/schemas";
import { requestRestockAlert } from "@/lib/restock/restock";

/** email, productId (and variationId): e-mails a link to confirm the back-in-stock alert. */
export const POST = route(async (request) => {
  const input = await parseParams(request, restockSchema, (messages) => messages[0] ?? "Invalid request");
  const db = await getDb();
  await enforce(db, addressKey("back-in-stock", clientIp(request.headers)), RESTOCK_LIMIT, "alert requests");
  await requestRestockAlert(db, input);
  return NextResponse.json({ success: true, message: REQUESTED_MESSAGE });
});
