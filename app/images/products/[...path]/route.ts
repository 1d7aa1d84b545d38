import { connection } from "next/server";
import { isProductPicturePath, PICTURE_PLACEHOLDER_SVG } from "@/lib/catalog/picture-placeholder";
import { drawnPicture } from "@/lib/catalog/drawn-pictures";
import { getDb } from "@/lib/db/client";
import { unavailableFailure } from "@/lib/api/failures";

const svg = (body: string) =>
  new Response(body, {
    headers: {
      "content-type": "image/svg+xml; charset=utf-8",
      // Short: staff may recolour the fabric, and the next build may draw this option itself.
      "cache-control": "public, max-age=300",
      "x-content-type-options": "nosniff",
      // An SVG opened on its own runs no script and loads nothing.
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });

/**
 * Reached only when public/ has no such file (Next serves public files first): an option staff
 * added after the build (a drawn product in a new fabric) is drawn now in the fabric's colours as
 * the database has them; a product without a drawing gets a neutral picture, never a broken
 * image. Any other shape of address is a 404.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ path?: unknown }> }) {
  await connection();
  const { path } = await params;
  if (!isProductPicturePath(path)) {
    return new Response("No picture has this address.", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
  const [folder, file] = path as [string, string];
  try {
    return svg((await drawnPicture(await getDb(), folder, file)) ?? PICTURE_PLACEHOLDER_SVG);
  } catch (err) {
    const unavailable = unavailableFailure(err);
    if (!unavailable) throw err;
    return new Response("The picture cannot be drawn just now.", {
      status: 503,
      headers: { "content-type": "text/plain; charset=utf-8", "retry-after": String(unavailable.data.retryAfter) },
    });
  }
}
