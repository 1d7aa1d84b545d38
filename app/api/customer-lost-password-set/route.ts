import { NextResponse } from "next/server";
import { readParams, route, validationError } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";
import { clientIp } from "@/lib/api/client-ip";
import { getDb } from "@/lib/db/client";
import { resetPassword } from "@/lib/auth/password-reset";
import { NO_STORE } from "@/lib/auth/responses";
import { lostPasswordSetSchema } from "@/lib/auth/schemas";

export const POST = route(async (request) => {
  const parsed = lostPasswordSetSchema.safeParse(await readParams(request));
  if (!parsed.success) {
    // Every failure of this call is a bad_request with data.status and a message.
    const invalid = validationError(parsed.error);
    throw new ApiError(400, "bad_request", invalid.message, invalid.data);
  }
  await resetPassword(await getDb(), parsed.data, clientIp(request.headers));
  return NextResponse.json({ success: true, message: "Password Change Success" }, { headers: NO_STORE });
});
