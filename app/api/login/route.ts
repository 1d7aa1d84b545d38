import { parseParams, route } from "@/lib/api/handler";
import { clientIp } from "@/lib/api/client-ip";
import { getDb } from "@/lib/db/client";
import { signIn } from "@/lib/auth/accounts";
import { createSession } from "@/lib/auth/session";
import { adoptGuestCart } from "@/lib/cart/cart";
import { clearCartKeyCookie } from "@/lib/cart/http";
import { guestKeyCookie } from "@/lib/cart/request";
import { signedInResponse, userAgent } from "@/lib/auth/responses";
import { loginSchema } from "@/lib/auth/schemas";
import { COOKIE } from "@/lib/http/cookie-names";

export const POST = route(async (request) => {
  const { email, password } = await parseParams(request, loginSchema);
  const db = await getDb();
  const customer = await signIn(db, email, password, {
    ip: clientIp(request.headers),
    deviceMark: request.cookies.get(COOKIE.device)?.value,
  });
  const { token } = await createSession(db, customer.id, userAgent(request));
  // The guest's cart joins the customer's; the browser's cart key is then spent.
  await adoptGuestCart(db, customer.id, guestKeyCookie(request.cookies));
  return clearCartKeyCookie(signedInResponse(customer, token));
});
