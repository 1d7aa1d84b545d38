import { connection } from "next/server";
import { isProductPicturePath, PICTURE_PLACEHOLDER_SVG } from "@/lib/catalog/picture-placeholder";

/**
 * Reached only when public/ has no such file (Next serves public files first): a product or an
 * option added after the build. Answers a neutral picture, never a broken image; any other
 * shape of address is a 404.
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
  return new Response(PICTURE_PLACEHOLDER_SVG, {
    headers: {
      "content-type": "image/svg+xml; charset=utf-8",
      // Short: the next build may draw this product, and the address would then show it.
      "cache-control": "public, max-age=300",
      "x-content-type-options": "nosniff",
    },
  });
}
