import { connection } from "next/server";
import { FREE_OTTOMAN } from "@/lib/coupons/free-ottoman";
import { freeProductOffer } from "@/lib/coupons/offer";
import { getDb } from "@/lib/db/client";
import { formatMoney } from "@/lib/money/money";
import { ogCardResponse } from "@/lib/seo/og-card";

/** The free-ottoman offer's link preview: the ottoman, "Free", and its price struck through. */
export async function GET() {
  await connection();
  const offer = await freeProductOffer(await getDb(), FREE_OTTOMAN.code);
  return ogCardResponse({
    kicker: "With every couch",
    title: "Get a Free Ottoman",
    price: offer ? "Free" : undefined,
    was: offer ? formatMoney(offer.product.priceCents) : undefined,
    picture: offer ? { publicPath: offer.product.image } : undefined,
    footer: "No code to type · Delivered free nationwide",
  });
}
