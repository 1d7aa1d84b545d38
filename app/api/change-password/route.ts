import { NextResponse } from "next/server";
import { parseParams, route } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { changePassword } from "@/lib/auth/accounts";
import { requireSession } from "@/lib/auth/session";
import { NO_STORE } from "@/lib/auth/responses";
import { changePasswordSchema } from "@/lib/auth/schemas";

/** Needs the current password; every other session of the customer is signed out. */
export const POST = route(async (request) => {
  const params = await parseParams(request, changePasswordSchema);
  const db = await getDb();
  const signedIn = await requireSession(db, request, params);
  await changePassword(db, signedIn, params.current_password, params.new_password);
  return NextResponse.json({ success: true, message: "Password Change Success" }, { headers: NO_STORE });
});
