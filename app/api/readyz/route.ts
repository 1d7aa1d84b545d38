import { connection, NextResponse } from "next/server";
import { route } from "@/lib/api/handler";
import { isReady } from "@/lib/ops/readiness";

/** Readiness: 200 when this process should get traffic, 503 while it cannot serve or is stopping. */
export const GET = route(async () => {
  await connection();
  const ready = await isReady();
  return NextResponse.json(
    { status: ready ? "ready" : "unavailable" },
    { status: ready ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
});
