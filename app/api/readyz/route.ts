import { connection, NextResponse } from "next/server";
import { route } from "@/lib/api/handler";
import { isReady, mailBacklog } from "@/lib/ops/readiness";

/**
 * Readiness: 200 when this process should get traffic, 503 while it cannot serve or is stopping.
 * A ready answer also reports the outbox's backlog (unsent and failed messages, and how long the
 * oldest has waited), for monitoring; it does not decide readiness.
 */
export const GET = route(async () => {
  await connection();
  const ready = await isReady();
  const mail = ready ? await mailBacklog() : null;
  return NextResponse.json(ready ? { status: "ready", ...(mail ? { mail } : {}) } : { status: "unavailable" }, {
    status: ready ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
});
