import { connection } from "next/server";
import { getProduct } from "@/lib/catalog/data";
import { ogImagePath } from "@/lib/seo/metadata";
import {
  missingResponse,
  OG_IMMUTABLE,
  ogCardVersion,
  ogRateLimited,
  pngResponse,
  productCard,
  redirectResponse,
  versionedCard,
} from "@/lib/seo/og-image";

/**
 * One version of a product's link preview: its photograph or drawing, name and price, drawn once and kept for
 * good at this address. An old version's address sends on to the current one.
 */
export async function GET(request: Request, { params }: { params: Promise<{ slug: string; version: string }> }) {
  await connection();
  const limited = ogRateLimited(request);
  if (limited) return limited;
  const { slug, version } = await params;
  const product = await getProduct(slug);
  if (!product) return missingResponse("No product has this address.");
  const card = productCard(product);
  const current = ogCardVersion(card);
  if (version !== current) return redirectResponse(ogImagePath.product(product.slug, current));
  return pngResponse(await versionedCard(card, current), OG_IMMUTABLE);
}
