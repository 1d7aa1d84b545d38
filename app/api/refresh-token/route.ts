import { errorResponse, parseParams, route } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";
import { getDb } from "@/lib/db/client";
import { clearSessionCookie, readSession, refreshSession, requestToken, tokenParameter } from "@/lib/auth/session";
import { refreshedResponse } from "@/lib/auth/responses";
import { tokenSchema } from "@/lib/auth/schemas";

/** Rolling expiry: a live token (parameter or cookie) gets another 30 days and a fresh seal. */
export const POST = route(async (request) => {
  const params = await parseParams(request, tokenSchema);
  const db = await getDb();
  const signedIn = await readSession(db, requestToken(request, params));
  if (!signedIn) {
    const response = errorResponse(
      new ApiError(401, "invalid_token", "Your session has expired. Please log in again."),
    );
    // A dead cookie is dropped, so the browser stops presenting it.
    if (tokenParameter(params) === undefined) clearSessionCookie(response);
    return response;
  }
  return refreshedResponse(signedIn.customer, await refreshSession(db, signedIn), tokenParameter(params) !== undefined);
});
