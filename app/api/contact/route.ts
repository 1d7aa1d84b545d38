import { NextResponse } from "next/server";
import { readParams, route } from "@/lib/api/handler";
import { clientIp } from "@/lib/api/client-ip";
import { invalid } from "@/lib/forms/api-error";
import { getDb } from "@/lib/db/client";
import { addressKey, enforce } from "@/lib/security/rate-limit";
import { CONTACT_LIMIT, MESSAGE_SENT, checkContact } from "@/lib/contact/input";
import { receiveContactMessage } from "@/lib/contact/service";

/** name, email, phone (optional), message: stored, and e-mailed to the shop. */
export const POST = route(async (request) => {
  const db = await getDb();
  const ip = clientIp(request.headers);
  const checked = checkContact(await readParams(request));
  if (!checked.ok) throw invalid(checked.error);
  await enforce(db, addressKey("contact", ip), CONTACT_LIMIT, "messages");
  await receiveContactMessage(db, checked.value, ip);
  return NextResponse.json({ success: true, message: MESSAGE_SENT });
});
