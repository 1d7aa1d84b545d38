import { NextResponse } from "next/server";
import { readParams, route } from "@/lib/api/handler";
import { clientIp } from "@/lib/api/client-ip";
import { invalid } from "@/lib/forms/api-error";
import { getDb } from "@/lib/db/client";
import { addressKey, enforce } from "@/lib/security/rate-limit";
import { ENTERED_MESSAGE, GIVEAWAY_LIMIT, checkEntry } from "@/lib/giveaways/input";
import { enterGiveaway } from "@/lib/giveaways/service";

/** campaign, name, email, phone, province, adult (the 18+ confirmation). */
export const POST = route(async (request) => {
  const db = await getDb();
  const checked = checkEntry(await readParams(request));
  if (!checked.ok) throw invalid(checked.error);
  await enforce(db, addressKey("giveaway", clientIp(request.headers)), GIVEAWAY_LIMIT, "entries");
  await enterGiveaway(db, checked.value);
  return NextResponse.json({ success: true, message: ENTERED_MESSAGE }, { status: 201 });
});
