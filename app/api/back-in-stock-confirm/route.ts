import { NextResponse } from "next/server";
import { parseParams, route } from "@/lib/api/handler";
import { clientIp } from "@/lib/api/client-ip";
import { ApiError } from "@/lib/api/errors";
import { getDb } from "@/lib/db/client";
import { addressKey, enforce } from "@/lib/security/rate-limit";
import { CONFIRMED_MESSAGE, RESTOCK_CONFIRM_LIMIT, confirmSchema } from "@/lib/restock/schemas";
import { confirmRestockAlert } from "@/lib/restock/restock";

/** token from the confirmation e-mail. Confirming twice answers the same. */
export const POST = route(async (request) => {
  const db = await getDb();
  await enforce(db, addressKey("back-in-stock-confirm", clientIp(request.headers)), RESTOCK_CONFIRM_LIMIT);
  const { token } = await parseParams(request, confirmSchema);
  if (!(await confirmRestockAlert(db, token)))
    throw new ApiError(404, "invalid_token", "This confirmation link is not valid. Please ask for the alert again.");
  return NextResponse.json({ success: true, message: CONFIRMED_MESSAGE });
});
