import { connection } from "next/server";
import { getCategory, getProductPage } from "@/lib/catalog/data";
import { formatMoney } from "@/lib/money/money";
import { ogCardResponse } from "@/lib/seo/og-card";

/** A category's link preview: its drawing, name and the lowest price in it. */
export async function GET(_request: Request, { params }: { params: Promise<{ slug: string }> }) {
  await connection();
  const { slug } = await params;
  const category = await getCategory(slug);
  if (!category)
    return new Response("No category has this address.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const page = await getProductPage({ category: slug, sort: "featured", fabrics: [], page: 1, perPage: 1 });
  return ogCardResponse({
    kicker: `${category.productCount} ${category.productCount === 1 ? "design" : "designs"}`,
    title: category.name,
    price: page.total > 0 ? `From ${formatMoney(page.facets.minCents)}` : undefined,
    picture: { publicPath: category.image },
  });
}
