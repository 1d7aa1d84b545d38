import "server-only";
import { randomBytes } from "node:crypto";
import { connection, type NextRequest } from "next/server";
import { standInsAllowed } from "@/lib/payments/config";
import { errorPage } from "@/lib/payments/standin/page";
import { log } from "@/lib/observability/log";

/*
 * What the stand-ins share: they exist only where allowed (config.ts), and they keep their state
 * in this process's memory (the schema has no place for a fake gateway's data, and one app
 * process serves them). Next bundles route handlers apart, so the state hangs on globalThis.
 */

const TTL_MS = 24 * 60 * 60_000;
const MAX_ENTRIES = 5_000;
const KEY = Symbol.for("kaya.payments.standin");
type Entry = { value: unknown; expires: number };
type Store = Map<string, Entry>;
const g = globalThis as typeof globalThis & { [KEY]?: Store };
const store = (): Store => (g[KEY] ??= new Map());

export function remember<T>(kind: string, id: string, value: T): void {
  const s = store();
  const now = Date.now();
  if (s.size >= MAX_ENTRIES) {
    for (const [k, e] of s) if (e.expires <= now || s.size >= MAX_ENTRIES) s.delete(k);
  }
  s.set(`${kind}:${id}`, { value, expires: now + TTL_MS });
}

export function recall<T>(kind: string, id: string): T | null {
  const entry = store().get(`${kind}:${id}`);
  if (!entry || entry.expires <= Date.now()) return null;
  return entry.value as T;
}

export function forget(kind: string, id: string): void {
  store().delete(`${kind}:${id}`);
}

export const newId = (bytes = 16) => randomBytes(bytes).toString("hex");

type Handler<C> = (request: NextRequest, context: C) => Promise<Response>;

/** A stand-in route: a 404 where stand-ins are not allowed, and a page rather than a crash on a bug. */
export function standInRoute<C = unknown>(fn: Handler<C>): Handler<C> {
  return async (request, context) => {
    // First, or a build (where stand-ins are off) would prerender the 404 for good.
    await connection();
    if (!standInsAllowed()) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
    try {
      return await fn(request, context);
    } catch (err) {
      log.error("standin", `${request.method} ${request.nextUrl.pathname} failed`, err);
      return errorPage("Test gateway", "The test gateway failed", [String(err instanceof Error ? err.message : err)], 500);
    }
  };
}

/** The pairs of a form (or query) body, in the order sent. */
export async function formPairs(request: Request): Promise<Array<[string, string]>> {
  const text = request.method === "GET" ? "" : await request.text();
  const pairs = [...new URLSearchParams(text).entries()];
  return pairs.length > 0 ? pairs : [...new URL(request.url).searchParams.entries()];
}

export const firstOf = (pairs: Array<[string, string]>) => {
  const out: Record<string, string> = {};
  for (const [k, v] of pairs) if (!(k in out)) out[k] = v;
  return out;
};

/** A server-to-server call from a stand-in to the shop, with what it answered. */
export async function callShop(url: string, init: RequestInit): Promise<{ ok: boolean; status: number; text: string; error?: string }> {
  try {
    const response = await fetch(url, { ...init, cache: "no-store", redirect: "manual", signal: AbortSignal.timeout(20_000) });
    return { ok: response.status === 200, status: response.status, text: await response.text() };
  } catch (err) {
    return { ok: false, status: 0, text: "", error: err instanceof Error ? err.message : String(err) };
  }
}

export const seeOther = (url: string) => new Response(null, { status: 303, headers: { Location: url, "Cache-Control": "no-store" } });
