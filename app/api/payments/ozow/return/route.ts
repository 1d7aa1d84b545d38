import { connection, type NextRequest } from "next/server";
import { route } from "@/lib/api/handler";
import { readProviderForm } from "@/lib/api/params";
import { getDb } from "@/lib/db/client";
import { seeOther } from "@/lib/payments/orders";
import { orderPagePath } from "@/lib/orders/urls";
import { handleOzowNotification } from "@/lib/payments/ozow/notify";
import { log } from "@/lib/observability/log";

/*
 * The shopper back from Ozow (success, cancel or error alike, by GET or POST): on to the order
 * page. Ozow sends the same signed response variables as its notification; when they verify,
 * they are handled as the notification is (a Complete only after GetTransaction confirms it),
 * so a cancel shows at once even if the notification is late. Anything else changes nothing.
 */
async function back(request: NextRequest, fields: Record<string, string>): Promise<Response> {
  const q = request.nextUrl.searchParams;
  const id = q.get("order") ?? "";
  const key = q.get("key") ?? "";
  if (!/^\d{1,10}$/.test(id) || !key || key.length > 200) return seeOther("/");
  if (fields.Hash && fields.TransactionReference === id) {
    try {
      await handleOzowNotification(await getDb(), fields);
    } catch (err) {
      log.warn("payments", `Ozow return for order ${id} not taken: ${err instanceof Error ? err.message : err}`);
    }
  }
  return seeOther(orderPagePath({ id: Number(id), orderKey: key }));
}

/** Ozow's variables in the link, without the shop's own (the order key stays out of the event). */
const queryFields = (request: NextRequest) =>
  Object.fromEntries([...request.nextUrl.searchParams.entries()].filter(([k]) => k !== "order" && k !== "key"));

export const GET = route(async (request) => {
  await connection();
  return back(request, queryFields(request));
});
export const POST = route(async (request) => {
  const { fields } = await readProviderForm(request);
  return back(request, { ...queryFields(request), ...fields });
});
