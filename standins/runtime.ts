import { randomBytes } from "node:crypto";

/*
 * What the stand-ins share: their memory (a fake gateway keeps its sessions in the process, and
 * forgets them after a day), the addresses they need, and the small pieces of HTTP they all use.
 */

const TTL_MS = 24 * 60 * 60_000;
const MAX_ENTRIES = 5_000;

type Entry = { value: unknown; expires: number };

/** A stand-in server's memory: values by kind and id, dropped after a day or when full. */
export class Memory {
  private readonly entries = new Map<string, Entry>();

  remember<T>(kind: string, id: string, value: T): void {
    const now = Date.now();
    if (this.entries.size >= MAX_ENTRIES) {
      for (const [k, e] of this.entries)
        if (e.expires <= now || this.entries.size >= MAX_ENTRIES) this.entries.delete(k);
    }
    this.entries.set(`${kind}:${id}`, { value, expires: now + TTL_MS });
  }

  recall<T>(kind: string, id: string): T | null {
    const entry = this.entries.get(`${kind}:${id}`);
    if (!entry || entry.expires <= Date.now()) return null;
    return entry.value as T;
  }

  forget(kind: string, id: string): void {
    this.entries.delete(`${kind}:${id}`);
  }
}

export type StandInContext = {
  memory: Memory;
  /** The stand-in server's own address, as browsers reach it (no trailing slash). */
  baseUrl: string;
  /** The shop's address, only for "Back to the shop" links when a request names no way back. */
  shopUrl: string;
};

export const newId = (bytes = 16) => randomBytes(bytes).toString("hex");

/** The pairs of a form (or query) body, in the order sent. */
export async function formPairs(request: Request): Promise<Array<[string, string]>> {
  const text = request.method === "GET" || request.method === "HEAD" ? "" : await request.text();
  const pairs = [...new URLSearchParams(text).entries()];
  return pairs.length > 0 ? pairs : [...new URL(request.url).searchParams.entries()];
}

/** The first value of each name, in an object without a prototype ("__proto__" is just a name). */
export function firstOf(pairs: Array<[string, string]>): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const [k, v] of pairs) if (!Object.hasOwn(out, k)) out[k] = v;
  return out;
}

/** An address the shopper may be sent to: http(s) only, so a request cannot plant a script link. */
export function webAddress(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** A server-to-server call from a stand-in to the shop, with what it answered. */
export async function callShop(
  url: string,
  init: RequestInit,
): Promise<{ ok: boolean; status: number; text: string; error?: string }> {
  if (!webAddress(url)) return { ok: false, status: 0, text: "", error: "not an http(s) address" };
  try {
    const response = await fetch(url, {
      ...init,
      cache: "no-store",
      redirect: "manual",
      signal: AbortSignal.timeout(20_000),
    });
    return { ok: response.status === 200, status: response.status, text: await response.text() };
  } catch (err) {
    return { ok: false, status: 0, text: "", error: err instanceof Error ? err.message : String(err) };
  }
}

export const seeOther = (url: string) =>
  new Response(null, { status: 303, headers: { Location: url, "Cache-Control": "no-store" } });

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
