import { NextResponse } from "next/server";
import { z } from "zod";
import { parseParams, route } from "@/lib/api/handler";
import { clientIp } from "@/lib/api/client-ip";
import { ApiError } from "@/lib/api/errors";
import { getDb } from "@/lib/db/client";
import { addressKey, enforce } from "@/lib/security/rate-limit";
import { NEWSLETTER_UNSUBSCRIBE_LIMIT, UNSUBSCRIBED_MESSAGE } from "@/lib/newsletter/input";
import { unsubscribe } from "@/lib/newsletter/service";

const params = z.object({ token: z.string().trim().min(1, "Missing token").max(200) });

/** token from the link in every newsletter e-mail. Unsubscribing twice answers the same. */
export const POST = route(async (request) => {
  const db = await getDb();
  await enforce(db, addressKey("newsletter-unsubscribe", clientIp(request.headers)), NEWSLETTER_UNSUBSCRIBE_LIMIT);
  const { token } = await parseParams(request, params);
  const done = await unsubscribe(db, token);
  if (!done)
    throw new ApiError(
      404,
      "invalid_token",
      "This unsubscribe link is not valid. It may have been replaced by a newer one.",
    );
  return NextResponse.json({ success: true, message: UNSUBSCRIBED_MESSAGE });
});
