import { connection, NextResponse } from "next/server";
import { z } from "zod";
import { parseParams, route } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";
import { getDb } from "@/lib/db/client";
import { latestMail } from "@/lib/mail/mail";

const params = z.object({ to: z.string().trim().min(3).max(254), kind: z.string().max(60).optional() });

/**
 * End-to-end tests read the outbox here (password codes, unsubscribe links). It exists only
 * when E2E_MAIL_API=1 is set for the server, which Playwright's web server does and
 * production never should: otherwise it is a 404 like any unknown path.
 */
export const GET = route(async (request) => {
  await connection();
  if (process.env.E2E_MAIL_API !== "1") throw new ApiError(404, "not_found", "Page not found: /api/test/mail");
  const { to, kind } = await parseParams(request, params);
  const messages = await latestMail(await getDb(), { to, ...(kind ? { kind } : {}), limit: 200 });
  return NextResponse.json(
    { messages: messages.map((m) => ({ id: m.id, kind: m.kind, to: m.to, subject: m.subject, text: m.text, html: m.html, createdAt: m.createdAt.toISOString() })) },
    { headers: { "Cache-Control": "no-store" } },
  );
});
