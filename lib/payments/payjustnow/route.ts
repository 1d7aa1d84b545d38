import "server-only";
import { connection, NextResponse, type NextRequest } from "next/server";
import { refuseAtBoundary } from "@/lib/api/boundary";
import { getDb } from "@/lib/db/client";
import { callbackError, wantsJson } from "@/lib/payments/callbacks";
import { seeOther } from "@/lib/payments/orders";
import { shopBaseUrl } from "@/lib/payments/config";
import { orderPagePath, orderPageUrl } from "@/lib/orders/urls";
import { handlePayJustNowCallback } from "@/lib/payments/payjustnow/callback";

type Context = { params: Promise<{ slug: string }> };

/**
 * The route handler of /checkout/payjustnow/{confirmed|cancelled}/{slug}: JSON `{ token,
 * return_url }` for PayJustNow's server, a redirect to the order page for a person.
 */
export function payJustNowCallbackRoute(result: "confirmed" | "cancelled") {
  return async function handler(request: NextRequest, context: Context): Promise<Response> {
    await connection();
    try {
      const refused = await refuseAtBoundary(request, context);
      if (refused) throw refused.error;
      const { slug } = await context.params;
      const q = request.nextUrl.searchParams;
      const { order } = await handlePayJustNowCallback(await getDb(), {
        result,
        slug,
        token: q.get("token") ?? "",
        status: q.get("status") ?? "",
      });
      if (wantsJson(request)) {
        return NextResponse.json(
          // The token of the attempt called about (a newer attempt may have its own by now).
          { token: q.get("token") ?? "", return_url: orderPageUrl(order, shopBaseUrl()) },
          { headers: { "Cache-Control": "no-store" } },
        );
      }
      return seeOther(orderPagePath(order));
    } catch (err) {
      return callbackError(request, err);
    }
  };
}
