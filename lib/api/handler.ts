import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { z, type ZodType } from "zod";
import { ApiError } from "@/lib/api/errors";
import { unavailableFailure } from "@/lib/api/failures";
import { log } from "@/lib/observability/log";

export type ErrorBody = {
  status: number;
  code: string;
  message: string;
  data: { status: number; [key: string]: unknown };
};

export function errorResponse(err: ApiError, headers?: HeadersInit): NextResponse<ErrorBody> {
  return NextResponse.json(
    { status: err.status, code: err.code, message: err.message, data: { ...err.data, status: err.status } },
    { status: err.status, headers },
  );
}

/** "productQuantity: Expected a whole number" for the first problem, all of them in data.fields. */
export function validationError(error: z.ZodError): ApiError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  const [first] = Object.entries(fields);
  const message = first ? (first[0] === "_" ? first[1] : `${first[0]}: ${first[1]}`) : "Invalid request";
  return new ApiError(400, "invalid_params", message, { fields });
}

/**
 * The parameters of a call, from the query string, a JSON body or a form body, whichever is
 * sent (DESIGN.md). Bracketed keys become maps: variation[Fabric]=Oat -> { variation: { Fabric: "Oat" } }.
 */
export async function readParams(request: Request): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const put = (key: string, value: unknown) => {
    const m = /^([^[\]]+)\[([^[\]]*)\]$/.exec(key);
    if (m) {
      const [, name, sub] = m as unknown as [string, string, string];
      const map = (typeof out[name] === "object" && out[name] !== null ? out[name] : {}) as Record<string, unknown>;
      map[sub] = value;
      out[name] = map;
    } else out[key] = value;
  };
  new URL(request.url).searchParams.forEach((v, k) => put(k, v));
  const text = request.method === "GET" || request.method === "HEAD" ? "" : await request.text();
  const type = request.headers.get("content-type") ?? "";
  if (!text.trim()) {
    // nothing more to read
  } else if (type.includes("application/json") || /^\s*[{[]/.test(text)) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ApiError(400, "invalid_json", "The request body is not valid JSON");
    }
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      throw new ApiError(400, "invalid_json", "The request body must be a JSON object");
    }
    for (const [k, v] of Object.entries(body)) put(k, v);
  } else {
    new URLSearchParams(text).forEach((v, k) => put(k, v));
  }
  // A map sent as a JSON string in a query or form: variation={"Fabric":"Oat"}.
  for (const [k, v] of Object.entries(out)) {
    if (typeof v === "string" && /^\s*\{/.test(v)) {
      try {
        out[k] = JSON.parse(v);
      } catch {
        /* left as text; the schema will say what is wrong */
      }
    }
  }
  return out;
}

export async function parseParams<S extends ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const result = schema.safeParse(await readParams(request));
  if (!result.success) throw validationError(result.error);
  return result.data;
}

type Handler<C> = (request: NextRequest, context: C) => Promise<Response>;

/** Wraps a route handler: domain errors become the contract's body; anything else is a logged 500. */
export function route<C = unknown>(fn: Handler<C>): Handler<C> {
  return async (request, context) => {
    try {
      return await fn(request, context);
    } catch (caught) {
      const unavailable = unavailableFailure(caught);
      if (unavailable) log.warn("api", `${request.method} ${new URL(request.url).pathname} answered 503, the database is out of reach`, caught);
      const err = unavailable ?? caught;
      if (err instanceof ApiError) {
        const retry = err.data.retryAfter;
        return errorResponse(err, typeof retry === "number" ? { "Retry-After": String(retry) } : undefined);
      }
      if (err instanceof z.ZodError) return errorResponse(validationError(err));
      log.error("api", `${request.method} ${new URL(request.url).pathname} failed`, err);
      return errorResponse(new ApiError(500, "internal_error", "Internal Server Error"));
    }
  };
}
