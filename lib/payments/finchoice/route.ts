import "server-only";
import { connection, NextResponse, type NextRequest } from "next/server";
import { refuseAtBoundary } from "@/lib/api/boundary";
import { getDb } from "@/lib/db/client";
import { callbackError, wantsJson } from "@/lib/payments/callbacks";
import type { FinChoiceReturn } from "@/lib/payments/finchoice/contract";
import { handleFinChoiceReturn } from "@/lib/payments/finchoice/return";
import { seeOther } from "@/lib/payments/orders";
import { shopBaseUrl } from "@/lib/payments/config";
import { orderPagePath, orderPageUrl } from "@/lib/orders/urls";

/**
 * The route handler of /checkout/finchoice/{confirmed|cancelled}: a person is sent on to the
 * order page; FinChoice's own server call (Accept: application/json) gets JSON.
 */
export function finChoiceReturnRoute(result: FinChoiceReturn) {
  return async function handler(request: NextRequest): Promise<Response> {
    await connection();
    try {
      const refused = await refuseAtBoundary(request, undefined);
      if (refused) throw refused.error;
      const q = request.nextUrl.searchParams;
      const { order, outcome } = await handleFinChoiceReturn(await getDb(), {
        result,
        order: q.get("order") ?? "",
        sessionId: q.get("session_id") ?? "",
        token: q.get("token") ?? "",
      });
      if (wantsJson(request)) {
        return NextResponse.json(
          { order: order.id, outcome, status: order.status, return_url: orderPageUrl(order, shopBaseUrl()) },
          { headers: { "Cache-Control": "no-store" } },
        );
      }
      return seeOther(orderPagePath(order));
    } catch (err) {
      return callbackError(request, err);
    }
  };
}
