import { connection, NextResponse } from "next/server";
import { route } from "@/lib/api/handler";

/** Liveness: the process is up and serving. It reads nothing, so a database outage does not restart it. */
export const GET = route(async () => {
  await connection();
  return NextResponse.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
});
