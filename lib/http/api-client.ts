/**
 * The browser's one way to call the shop's API. Parameters go as JSON (or in the query string for
 * GET and DELETE), the session and cart travel in their httpOnly cookies, and a refusal in the
 * contract's error body `{ status, code, message, data }` becomes an ApiCallError carrying the
 * server's own message, its code and its per-field messages.
 */
export class ApiCallError extends Error {
  constructor(
    message: string,
    /** The HTTP status (data.status when the body names one); 0 when the shop could not be reached. */
    readonly status: number,
    readonly code: string,
    /** Per-field messages: data.fields, or data.field with the message. */
    readonly fields: Record<string, string> = {},
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiCallError";
  }
}

export const NETWORK_MESSAGE = "We could not reach the shop. Please check your connection and try again.";
export const FALLBACK_MESSAGE = "Sorry, something went wrong on our side. Please try again in a moment.";

export type Params = Record<string, unknown>;

type ErrorBody = { status?: unknown; code?: unknown; message?: unknown; data?: Record<string, unknown> | null };

function queryString(params: Params): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) qs.set(k, String(v));
  const s = qs.toString();
  return s ? `?${s}` : "";
}

/** The error a refused answer stands for, read from the contract's body (or the status alone). */
export function errorFromBody(status: number, body: unknown): ApiCallError {
  const b = (body && typeof body === "object" ? body : {}) as ErrorBody;
  const data = b.data && typeof b.data === "object" ? b.data : {};
  const message =
    typeof b.message === "string" && b.message
      ? b.message
      : typeof data.message === "string" && data.message
        ? data.message
        : FALLBACK_MESSAGE;
  const fields: Record<string, string> = {};
  if (data.fields && typeof data.fields === "object") {
    for (const [k, v] of Object.entries(data.fields as Record<string, unknown>))
      if (typeof v === "string") fields[k] = v;
  }
  if (typeof data.field === "string" && !fields[data.field]) fields[data.field] = message;
  const named = typeof data.status === "number" ? data.status : typeof b.status === "number" ? b.status : status;
  return new ApiCallError(message, named, typeof b.code === "string" ? b.code : "error", fields, data);
}

export async function callApi<T>(
  method: "GET" | "POST" | "DELETE" | "PUT" | "PATCH",
  path: string,
  params: Params = {},
  init: { signal?: AbortSignal } = {},
): Promise<T> {
  const inQuery = method === "GET" || method === "DELETE";
  let response: Response;
  try {
    response = await fetch(inQuery ? `${path}${queryString(params)}` : path, {
      method,
      headers: inQuery
        ? { accept: "application/json" }
        : { accept: "application/json", "content-type": "application/json" },
      body: inQuery ? undefined : JSON.stringify(params),
      credentials: "same-origin",
      cache: "no-store",
      signal: init.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiCallError(NETWORK_MESSAGE, 0, "network_error");
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || body === null) throw errorFromBody(response.status, body);
  return body as T;
}

/** Any failure as an ApiCallError, so a form can always show a message. */
export function asApiCallError(err: unknown): ApiCallError {
  return err instanceof ApiCallError ? err : new ApiCallError(FALLBACK_MESSAGE, 0, "error");
}

/** A file sent as it is (a CSV upload), with parameters in the query string; the answer as callApi's. */
/** A multipart form (files with their fields), answered as callApi answers. */
export async function sendForm<T>(path: string, form: FormData): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { accept: "application/json" },
      body: form,
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch {
    throw new ApiCallError(NETWORK_MESSAGE, 0, "network_error");
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || body === null) throw errorFromBody(response.status, body);
  return body as T;
}

export async function sendFile<T>(path: string, params: Params, file: Blob): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${path}${queryString(params)}`, {
      method: "POST",
      headers: { accept: "application/json", "content-type": file.type || "text/csv" },
      body: file,
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch {
    throw new ApiCallError(NETWORK_MESSAGE, 0, "network_error");
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || body === null) throw errorFromBody(response.status, body);
  return body as T;
}
