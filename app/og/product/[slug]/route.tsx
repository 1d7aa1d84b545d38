import { connection } from "next/server";
import { getProduct } from "@/lib/catalog/data";
import { formatMoney } from "@/lib/money/money";
import { ogCardResponse } from "@/lib/seo/og-card";

/** A product's link preview: its drawing, name and the price a shopper pays today. */
export async function GET(_request: Request, { params }: { params: Promise<{ slug: string }> }) {
  await connection();
  const { slug } = await params;
  const product = await getProduct(slug);
  if (!product)
    return new Response("No product has this address.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const price = formatMoney(product.price.priceCents);
  return ogCardResponse({
    kicker: product.categoryName,
    title: product.name,
    price: product.price.from ? `From ${price}` : price,
    was: product.price.wasCents !== null ? formatMoney(product.price.wasCents) : undefined,
    picture: { publicPath: product.images[0]?.src ?? product.image.src },
  });
}
