import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { z, type ZodType } from "zod";
import { ApiError } from "@/lib/api/errors";
import { refuseAtBoundary } from "@/lib/api/boundary";
import { mapFieldsOf, readRequestParams, type ParamOptions, type Params } from "@/lib/api/params";
import { unavailableFailure } from "@/lib/api/failures";
import { log } from "@/lib/observability/log";
import { withAfterResponse } from "@/lib/api/after-response";

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

/** Words for a refusal's message, from the per-field messages in the order found. */
export type RefusalMessage = (messages: string[]) => string;

/**
 * "productQuantity: Expected a whole number" for the first problem, all of them in data.fields;
 * a call whose messages are written for shoppers gives `describe` to word it without field names.
 */
export function validationError(error: z.ZodError, describe?: RefusalMessage): ApiError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  const [first] = Object.entries(fields);
  const message = describe
    ? describe(Object.values(fields))
    : first
      ? first[0] === "_"
        ? first[1]
        : `${first[0]}: ${first[1]}`
      : "Invalid request";
  return new ApiError(400, "invalid_params", message, { fields });
}

/**
 * The parameters of a call, from the query string and a JSON or form body (lib/api/params.ts):
 * objects without prototypes; maps only for the fields named in `maps`.
 */
export async function readParams(request: Request, opts: ParamOptions = {}): Promise<Params> {
  return readRequestParams(request, opts);
}

/** The parameters checked by `schema`; the fields it declares as maps (records, objects) are read as maps. */
export async function parseParams<S extends ZodType>(
  request: Request,
  schema: S,
  describe?: RefusalMessage,
): Promise<z.infer<S>> {
  const result = schema.safeParse(await readRequestParams(request, { maps: mapFieldsOf(schema) }));
  if (!result.success) throw validationError(result.error, describe);
  return result.data;
}

type Handler<C> = (request: NextRequest, context: C) => Promise<Response>;

/**
 * Wraps a route handler: the boundary refuses hostile requests first (lib/api/boundary.ts); domain
 * errors become the contract's body; anything else is a logged 500. What the handler queued with
 * `afterResponse` (its e-mail) starts once the response is made.
 */
export function route<C = unknown>(fn: Handler<C>): Handler<C> {
  return (request, context) => withAfterResponse(() => answer(fn, request, context));
}

async function answer<C>(fn: Handler<C>, request: NextRequest, context: C): Promise<Response> {
  const refused = await refuseAtBoundary(request, context);
  if (refused) return errorResponse(refused.error, refused.headers);
  try {
    return await fn(request, context);
  } catch (caught) {
    const unavailable = unavailableFailure(caught);
    if (unavailable)
      log.warn(
        "api",
        `${request.method} ${new URL(request.url).pathname} answered 503, the database is out of reach`,
        caught,
      );
    const err = unavailable ?? caught;
    if (err instanceof ApiError) {
      const retry = err.data.retryAfter;
      return errorResponse(err, typeof retry === "number" ? { "Retry-After": String(retry) } : undefined);
    }
    if (err instanceof z.ZodError) return errorResponse(validationError(err));
    log.error("api", `${request.method} ${new URL(request.url).pathname} failed`, err);
    return errorResponse(new ApiError(500, "internal_error", "Internal Server Error"));
  }
}
