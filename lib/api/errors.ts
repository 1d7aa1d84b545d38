/**
 * A failure the caller can act on. Route handlers turn it into the contract's error body:
 * { status, code, message, data: { status, ... } } with that HTTP status.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const notFound = (what: string, code = "not_found") => new ApiError(404, code, `${what} not found`);
