import { NextResponse } from "next/server";
import { readParams, route } from "@/lib/api/handler";
import { clientIp } from "@/lib/api/client-ip";
import { invalid } from "@/lib/forms/api-error";
import { getDb } from "@/lib/db/client";
import { addressKey, enforce } from "@/lib/security/rate-limit";
import { NEWSLETTER_LIMIT, SUBSCRIBED_MESSAGE, checkSubscription } from "@/lib/newsletter/input";
import { subscribe } from "@/lib/newsletter/service";

/** email, consent (and where it was given: source). Subscribing twice answers the same. */
export const POST = route(async (request) => {
  const db = await getDb();
  const checked = checkSubscription(await readParams(request));
  if (!checked.ok) throw invalid(checked.error);
  await enforce(db, addressKey("newsletter", clientIp(request.headers)), NEWSLETTER_LIMIT, "sign-ups");
  await subscribe(db, checked.value);
  return NextResponse.json({ success: true, message: SUBSCRIBED_MESSAGE });
});
