import { connection, NextResponse } from "next/server";
import { parseParams, route } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { requireSession } from "@/lib/auth/session";
import { NO_STORE } from "@/lib/auth/responses";
import { listSchema, parseGuestQuery, removeSchema, saveSchema } from "@/lib/saved/schemas";
import { listSaved, mergeItems, priceGuestList, removeItem, saveItem } from "@/lib/saved/saved";

/**
 * The signed-in customer's saved list; with `items` (a guest's list kept in the browser), that
 * list priced now, for anyone.
 */
export const GET = route(async (request) => {
  await connection();
  const params = await parseParams(request, listSchema);
  const db = await getDb();
  if (params.items !== undefined)
    return NextResponse.json(await priceGuestList(db, parseGuestQuery(params.items)), { headers: NO_STORE });
  const { customer } = await requireSession(db, request, params);
  return NextResponse.json(await listSaved(db, customer.id), { headers: NO_STORE });
});

/** Saves productId (and variationId), or moves a guest's `items` into the account. */
export const POST = route(async (request) => {
  const params = await parseParams(request, saveSchema);
  const db = await getDb();
  const { customer } = await requireSession(db, request, params);
  if ("items" in params) {
    await mergeItems(db, customer.id, params.items);
    return NextResponse.json(await listSaved(db, customer.id), { headers: NO_STORE });
  }
  return NextResponse.json(await saveItem(db, customer.id, params), { headers: NO_STORE });
});

/** Takes productId (and variationId) off the list; taking off what is not there answers the same. */
export const DELETE = route(async (request) => {
  const params = await parseParams(request, removeSchema);
  const db = await getDb();
  const { customer } = await requireSession(db, request, params);
  return NextResponse.json(await removeItem(db, customer.id, params), { headers: NO_STORE });
});
