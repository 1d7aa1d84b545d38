import { NextResponse } from "next/server";
import { parseParams, route } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { clearSessionCookie, readSession, requestToken, revokeSession } from "@/lib/auth/session";
import { NO_STORE } from "@/lib/auth/responses";
import { tokenSchema } from "@/lib/auth/schemas";

/** Ends this browser's session (the row is revoked, so a copied token dies too). Always succeeds. */
export const POST = route(async (request) => {
  const params = await parseParams(request, tokenSchema);
  const db = await getDb();
  const signedIn = await readSession(db, requestToken(request, params));
  if (signedIn) await revokeSession(db, signedIn.session.id);
  const response = NextResponse.json({ success: true }, { headers: NO_STORE });
  clearSessionCookie(response);
  return response;
});
