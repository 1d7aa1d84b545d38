import { ApiError } from "@/lib/api/errors";

/**
 * How much a call may send. The largest honest body is a checkout with two addresses (about
 * 2 kB as JSON) or a 5 000-character contact message written in emoji and form-encoded (about
 * 40 kB); a payment provider's notification is a few kB.
 */
export const BODY_LIMIT_BYTES = 64 * 1024;
export const NOTIFICATION_BODY_LIMIT_BYTES = 16 * 1024;
/**
 * A catalogue CSV uploaded in the back office: a thousand products with their variations and
 * descriptions come to about 2 MB. The call is a member of staff's, behind the back office's
 * sign-in and origin check.
 */
export const CATALOGUE_UPLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

/**
 * Photographs uploaded to a product in the back office: a few at once, each at most 15 MB
 * (lib/media/picture.ts). Staff only, behind the same sign-in and origin check.
 */
export const PHOTO_UPLOAD_LIMIT_BYTES = 20 * 1024 * 1024;

const NOTIFICATION_PATH = /^\/api\/payments\/[^/]+\/notify\/?$/;
export const CATALOGUE_UPLOAD_PATH = /^\/api\/admin\/products\/import\/?$/;
export const PHOTO_UPLOAD_PATH = /^\/api\/admin\/products\/\d{1,10}\/photos\/?$/;

export function bodyLimitFor(pathname: string): number {
  if (CATALOGUE_UPLOAD_PATH.test(pathname)) return CATALOGUE_UPLOAD_LIMIT_BYTES;
  if (PHOTO_UPLOAD_PATH.test(pathname)) return PHOTO_UPLOAD_LIMIT_BYTES;
  return NOTIFICATION_PATH.test(pathname) ? NOTIFICATION_BODY_LIMIT_BYTES : BODY_LIMIT_BYTES;
}

export function payloadTooLarge(limit: number): ApiError {
  return new ApiError(
    413,
    "payload_too_large",
    `The request body is larger than the ${Math.round(limit / 1024)} kB this call accepts`,
    { limit },
  );
}

/** A declared length over the limit: refused before a byte of the body is read. */
export function declaredLengthRefusal(
  request: Request,
  limit = bodyLimitFor(new URL(request.url).pathname),
): ApiError | null {
  const declared = request.headers.get("content-length");
  if (declared === null || !/^\s*\d+\s*$/.test(declared)) return null;
  return Number(declared) > limit ? payloadTooLarge(limit) : null;
}

/**
 * The body's bytes, read no further than the call's limit: a body without a declared length
 * (chunked) is abandoned as soon as it passes it.
 */
export async function readBodyBytes(request: Request): Promise<Buffer> {
  const limit = bodyLimitFor(new URL(request.url).pathname);
  const refusal = declaredLengthRefusal(request, limit);
  if (refusal) throw refusal;
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      reader.cancel().catch(() => undefined);
      throw payloadTooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The body as text, read as readBodyBytes reads it. Invalid UTF-8 becomes U+FFFD, as request.text(). */
export async function readBodyText(request: Request): Promise<string> {
  return new TextDecoder().decode(await readBodyBytes(request));
}
