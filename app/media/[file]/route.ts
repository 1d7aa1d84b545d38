import { connection } from "next/server";
import { getDb } from "@/lib/db/client";
import { parseMediaFile } from "@/lib/media/address";
import { databaseMediaStore } from "@/lib/media/store";
import { unavailableFailure } from "@/lib/api/failures";

const notFound = () =>
  new Response("No picture has this address.", {
    status: 404,
    headers: { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff" },
  });

/**
 * An uploaded picture by the hash of its bytes: an address whose content can never change, so
 * browsers and caches keep it for good. The image optimiser reads it from here.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ file?: unknown }> }) {
  await connection();
  const { file } = await params;
  const wanted = typeof file === "string" ? parseMediaFile(file) : null;
  if (!wanted) return notFound();
  let stored;
  try {
    stored = await databaseMediaStore(await getDb()).get(wanted.hash);
  } catch (err) {
    const unavailable = unavailableFailure(err);
    if (!unavailable) throw err;
    return new Response("The picture cannot be read just now.", {
      status: 503,
      headers: { "content-type": "text/plain; charset=utf-8", "retry-after": String(unavailable.data.retryAfter) },
    });
  }
  if (!stored || stored.contentType !== wanted.contentType) return notFound();
  return new Response(new Uint8Array(stored.bytes), {
    headers: {
      "content-type": stored.contentType,
      "content-length": String(stored.byteSize),
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    },
  });
}
