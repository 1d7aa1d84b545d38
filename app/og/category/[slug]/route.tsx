import { connection } from "next/server";
import { getCategory, getProductPage } from "@/lib/catalog/data";
import { formatMoney } from "@/lib/money/money";
import { OG_CACHE_CONTROL } from "@/lib/seo/og-card";
import { drawnCard, missingResponse, ogRateLimited, pngResponse } from "@/lib/seo/og-image";

/** A category's link preview: its drawing, name and the lowest price in it, drawn once per change. */
export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  await connection();
  const limited = ogRateLimited(request);
  if (limited) return limited;
  const { slug } = await params;
  const category = await getCategory(slug);
  if (!category) return missingResponse("No category has this address.");
  const page = await getProductPage({ category: slug, sort: "featured", fabrics: [], page: 1, perPage: 1 });
  const card = {
    kicker: `${category.productCount} ${category.productCount === 1 ? "design" : "designs"}`,
    title: category.name,
    price: page.total > 0 ? `From ${formatMoney(page.facets.minCents)}` : undefined,
    picture: category.image ? { publicPath: category.image } : undefined,
  };
  return pngResponse(await drawnCard(card), OG_CACHE_CONTROL);
}
