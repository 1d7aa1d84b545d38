import { NextResponse } from "next/server";
import { parseParams, route } from "@/lib/api/handler";
import { clientIp } from "@/lib/api/client-ip";
import { getDb } from "@/lib/db/client";
import { addressKey, enforce } from "@/lib/security/rate-limit";
import { checkoutRefusalMessage } from "@/lib/orders/checkout-fields";
import { swatchRequestSchema } from "@/lib/swatches/input";
import { SWATCH_LIMIT } from "@/lib/swatches/rules";
import { requestSwatches } from "@/lib/swatches/service";
import { listFabrics } from "@/lib/catalog/queries";

/**
 * fabrics (1-5 fabric slugs, repeated or a list), firstName, lastName, email, phone (optional),
 * streetAddress1, streetAddress2 (optional), city, postcode, province: stored, and confirmed to
 * the shopper by e-mail. 409 when the address had swatches in the last 30 days.
 */
export const POST = route(async (request) => {
  const db = await getDb();
  const ip = clientIp(request.headers);
  const input = await parseParams(request, swatchRequestSchema(await listFabrics(db)), checkoutRefusalMessage);
  await enforce(db, addressKey("swatches", ip), SWATCH_LIMIT, "swatch requests");
  const { id, message } = await requestSwatches(db, input, ip);
  return NextResponse.json({ success: true, id, message }, { status: 201 });
});
