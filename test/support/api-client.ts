/**
 * Calls route handlers the way a browser or a client of the API would: a real Request with
 * query, JSON or form parameters and the cookies of a jar that keeps what responses set.
 */
import { NextRequest } from "next/server";

type Handler = (request: NextRequest, context: never) => Promise<Response>;

export class CookieJar {
  private cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
  set(name: string, value: string) {
    this.cookies.set(name, value);
  }
  clear() {
    this.cookies.clear();
  }
  absorb(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const i = pair!.indexOf("=");
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

export type CallOptions = {
  method?: string;
  /** Sent in the query string. */
  query?: Record<string, string | number>;
  /** Sent as a JSON body. */
  json?: unknown;
  /** Sent as a form body. */
  form?: Record<string, string>;
  /** Sent as it is (with a content-type header of your own). */
  raw?: string;
  /** Sent as multipart/form-data, its boundary in the content-type header. */
  multipart?: FormData;
  jar?: CookieJar;
  headers?: Record<string, string>;
  params?: Record<string, string>;
};

export type CallResult<T = Record<string, unknown>> = { status: number; body: T; response: Response };

export async function call<T = Record<string, unknown>>(
  handler: Handler,
  path: string,
  opts: CallOptions = {},
): Promise<CallResult<T>> {
  const url = new URL(path, "http://shop.test");
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, String(v));
  const headers = new Headers(opts.headers);
  if (opts.jar?.header()) headers.set("cookie", opts.jar.header());
  let body: string | FormData | undefined;
  if (opts.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(opts.json);
  } else if (opts.multipart) {
    body = opts.multipart;
  } else if (opts.raw !== undefined) {
    body = opts.raw;
  } else if (opts.form) {
    headers.set("content-type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(opts.form).toString();
  }
  const request = new NextRequest(url, { method: opts.method ?? (body ? "POST" : "GET"), headers, body });
  const response = await handler(request, { params: Promise.resolve(opts.params ?? {}) } as never);
  opts.jar?.absorb(response);
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: response.status, body: parsed as T, response };
}
