import { NextResponse } from "next/server";
import { readParams, route } from "@/lib/api/handler";
import { clientIp } from "@/lib/api/client-ip";
import { getDb } from "@/lib/db/client";
import { sendResetCode } from "@/lib/auth/password-reset";
import { NO_STORE } from "@/lib/auth/responses";

/** The same answer whether or not the address has an account, so it cannot tell who is a customer; bad_email only when malformed. */
export const POST = route(async (request) => {
  const params = await readParams(request);
  await sendResetCode(await getDb(), params.email, clientIp(request.headers));
  return NextResponse.json({ success: true, message: "Email Sent" }, { headers: NO_STORE });
});
