import { NextResponse } from "next/server";
import { BUILD_ID } from "@/lib/platform/build-id";

/** The live build's id; the browser polls it to know when a new build is out. */
export function GET() {
  return NextResponse.json({ id: BUILD_ID }, { headers: { "Cache-Control": "no-store" } });
}
