import "server-only";
import { NextResponse } from "next/server";
import { z } from "zod";
import { validationError } from "@/lib/api/handler";

/** Back-office answers are about people and money: never kept by a browser or a shared cache. */
export const ADMIN_NO_STORE = { "Cache-Control": "private, no-store" } as const;

export function adminJson<T>(body: T, status = 200): NextResponse<T> {
  return NextResponse.json(body, { status, headers: ADMIN_NO_STORE });
}

const idSchema = z.coerce
  .number({ error: "must be a number" })
  .int({ error: "must be a whole number" })
  .positive({ error: "must be a positive number" })
  .max(2_147_483_647, { error: "is too large" });

/** The `[id]` segment of a back-office address as a row id, or a 400 naming it. */
export async function idParam(context: { params: Promise<{ id: string }> }): Promise<number> {
  const parsed = idSchema.safeParse((await context.params).id);
  if (!parsed.success) throw validationError(new z.ZodError(parsed.error.issues.map((i) => ({ ...i, path: ["id"] }))));
  return parsed.data;
}
