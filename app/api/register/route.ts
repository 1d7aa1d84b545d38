import { NextResponse } from "next/server";
import { readParams, route, validationError } from "@/lib/api/handler";
import { clientIp } from "@/lib/api/client-ip";
import { getDb } from "@/lib/db/client";
import { registerCustomer } from "@/lib/auth/accounts";
import { createSession } from "@/lib/auth/session";
import { adoptGuestCart, CART_KEY_COOKIE } from "@/lib/cart/cart";
import { clearCartKeyCookie } from "@/lib/cart/http";
import { NO_STORE, signedInResponse, userAgent } from "@/lib/auth/responses";
import { registerSchema } from "@/lib/auth/schemas";
import { attemptGate, gateEnabled, gatePassed, isGateAttempt, setGateCookie, siteLocked } from "@/lib/auth/site-gate";
import { COOKIE } from "@/lib/http/cookie-names";

/** Creates an account and signs it in; with the site gate on, a password alone is the gate form. */
export const POST = route(async (request) => {
  const params = await readParams(request);
  const db = await getDb();
  const ip = clientIp(request.headers);
  if (isGateAttempt(params)) {
    await attemptGate(db, params.password, ip);
    const response = NextResponse.json({ gate: true }, { headers: NO_STORE });
    setGateCookie(response);
    return response;
  }
  if (gateEnabled() && !gatePassed(request.cookies.get(COOKIE.gate)?.value)) throw siteLocked();

  const parsed = registerSchema.safeParse(params);
  if (!parsed.success) throw validationError(parsed.error);
  const customer = await registerCustomer(db, parsed.data, ip);
  const { token } = await createSession(db, customer.id, userAgent(request));
  await adoptGuestCart(db, customer.id, request.cookies.get(CART_KEY_COOKIE)?.value);
  return clearCartKeyCookie(signedInResponse(customer, token, 201));
});
