import { NextResponse } from "next/server";
import { route } from "@/lib/api/handler";
import { clientIp } from "@/lib/api/client-ip";

export const GET = route(async (request) =>
  NextResponse.json({ clientIp: clientIp(request.headers) }, { headers: { "Cache-Control": "private, no-store" } }),
);
