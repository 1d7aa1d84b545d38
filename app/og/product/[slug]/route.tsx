import { connection } from "next/server";
import { getProduct } from "@/lib/catalog/data";
import { ogImagePath } from "@/lib/seo/metadata";
import { missingResponse, ogCardVersion, ogRateLimited, productCard, redirectResponse } from "@/lib/seo/og-image";

/** A product's link preview, wherever its current version is (old shares and links name this). */
export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  await connection();
  const limited = ogRateLimited(request);
  if (limited) return limited;
  const { slug } = await params;
  const product = await getProduct(slug);
  if (!product) return missingResponse("No product has this address.");
  return redirectResponse(ogImagePath.product(product.slug, ogCardVersion(productCard(product))));
}
