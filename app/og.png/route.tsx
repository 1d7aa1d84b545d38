import { renderHeroSvg } from "@/lib/drawing/furniture";
import { HOME_TITLE } from "@/lib/seo/metadata";
import { ogCardResponse } from "@/lib/seo/og-card";

/** The shop's own link preview, for pages without one of their own. Drawn once, at build. */
export async function GET() {
  return ogCardResponse(
    { kicker: "Couches · Sleepers · Ottomans · Beds", title: HOME_TITLE, picture: { svg: renderHeroSvg() } },
    { cacheControl: "public, max-age=86400" },
  );
}
