import { connection } from "next/server";
import { FREE_OTTOMAN } from "@/lib/coupons/free-ottoman";
import { freeProductOffer } from "@/lib/coupons/offer";
import { getDb } from "@/lib/db/client";
import { formatMoney } from "@/lib/money/money";
import { OG_CACHE_CONTROL } from "@/lib/seo/og-card";
import { drawnCard, ogRateLimited, pngResponse } from "@/lib/seo/og-image";

/** The free-ottoman offer's link preview: the ottoman, "Free", and its price struck through. */
export async function GET(request: Request) {
  await connection();
  const limited = ogRateLimited(request);
  if (limited) return limited;
  const offer = await freeProductOffer(await getDb(), FREE_OTTOMAN.code);
  const card = {
    kicker: "With every couch",
    title: "Get a Free Ottoman",
    price: offer ? "Free" : undefined,
    was: offer ? formatMoney(offer.product.priceCents) : undefined,
    picture: offer ? { publicPath: offer.product.picture.src } : undefined,
    footer: "No code to type · Delivered free nationwide",
  };
  return pngResponse(await drawnCard(card), OG_CACHE_CONTROL);
}
