import "server-only";
import { ApiError } from "@/lib/api/errors";
import { log } from "@/lib/observability/log";

export const GATEWAY_TIMEOUT_MS = 15_000;

/** A server-to-server call to a gateway; a gateway that cannot be reached is a 502, not a 500. */
export async function gatewayFetch(what: string, url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, {
      ...init,
      cache: "no-store",
      redirect: "manual",
      signal: init.signal ?? AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
    });
  } catch (err) {
    log.error("payments", `${what}: ${url} could not be reached`, err);
    throw new ApiError(502, "gateway_unreachable", `${what} could not be reached; please try again`);
  }
}

/** Reads a JSON answer, or null when the body is not JSON. */
export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}
