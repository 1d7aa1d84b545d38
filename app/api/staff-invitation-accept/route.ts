import { NextResponse } from "next/server";
import { parseParams, route } from "@/lib/api/handler";
import { clientIp } from "@/lib/api/client-ip";
import { getDb } from "@/lib/db/client";
import { setSessionCookie } from "@/lib/auth/session";
import { NO_STORE, userAgent } from "@/lib/auth/responses";
import { setDeviceCookie } from "@/lib/auth/login-throttle";
import { acceptInvitation, acceptInvitationSchema } from "@/lib/admin/invitations";

/**
 * Accepts a staff invitation with a new password (and optionally a name): the person is signed in
 * with a fresh session, every earlier one of the account ended, and is sent to the back office.
 */
export const POST = route(async (request) => {
  const input = await parseParams(request, acceptInvitationSchema);
  const { customer, sessionToken } = await acceptInvitation(
    await getDb(),
    { token: input.token, password: input.password, firstName: input.first_name, lastName: input.last_name },
    { ip: clientIp(request.headers), userAgent: userAgent(request) },
  );
  const response = NextResponse.json(
    { success: true, role: customer.role, next: "/admin", message: "Welcome to the back office." },
    { headers: NO_STORE },
  );
  setSessionCookie(response, sessionToken);
  setDeviceCookie(response, customer);
  return response;
});
