import { readFile } from "node:fs/promises";
import { join, normalize } from "node:path";
import { ImageResponse } from "next/og";
import sharp from "sharp";
import { SITE } from "@/lib/config/site";
import { getDb } from "@/lib/db/client";
import { isMediaPath, parseMediaFile } from "@/lib/media/address";
import { databaseMediaStore } from "@/lib/media/store";
import { OG_SIZE } from "@/lib/seo/metadata";

/**
 * Link previews: the photograph or the shop's own drawing of the thing shared, its name and its price,
 * on the brand's oat and olive. Drawn from the catalogue once per card and kept (og-image.ts), so
 * a price change shows in the next preview a network fetches.
 */
export type OgCard = {
  kicker: string;
  title: string;
  /** "R 12 999,00", or "From R 8 999,00". */
  price?: string;
  /** The regular price, struck through, when on sale. */
  was?: string;
  /**
   * A drawing (an SVG document or a path under public/, "/images/…svg") or an uploaded
   * photograph's address ("/media/<hash>.webp").
   */
  picture?: { svg: string } | { publicPath: string };
  footer?: string;
};

const PUBLIC_DIR = join(process.cwd(), "public");
/** Where the card draws its picture. */
const PICTURE_BOX = { width: 620, height: 465 } as const;

/**
 * An uploaded photograph as a JPEG the size the card draws it: the shop keeps WebP, which the
 * preview's renderer is not sure to draw, and the full-size photograph would only be scaled down.
 * None when no photograph has this address.
 */
async function photoDataUri(publicPath: string): Promise<string | null> {
  const wanted = parseMediaFile(publicPath.slice("/media/".length));
  if (!wanted) return null;
  const stored = await databaseMediaStore(await getDb()).get(wanted.hash);
  if (!stored) return null;
  const jpeg = await sharp(stored.bytes)
    .resize({ ...PICTURE_BOX, fit: "inside", withoutEnlargement: true })
    .flatten({ background: "#f4eee4" })
    .jpeg({ quality: 85 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString("base64")}`;
}

/** Reads a drawing from public/ or a photograph from the media store; none (not an error) when it is missing. */
async function pictureDataUri(picture: OgCard["picture"]): Promise<string | null> {
  if (!picture) return null;
  let svg: string;
  if ("svg" in picture) svg = picture.svg;
  else if (isMediaPath(picture.publicPath)) return photoDataUri(picture.publicPath);
  else {
    const file = normalize(join(PUBLIC_DIR, picture.publicPath));
    if (!file.startsWith(PUBLIC_DIR) || !file.endsWith(".svg")) return null;
    try {
      svg = await readFile(file, "utf8");
    } catch {
      return null;
    }
  }
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/** Previews change with prices: an hour fresh, then served stale while a new one is drawn. */
export const OG_CACHE_CONTROL = "public, max-age=3600, stale-while-revalidate=86400";

export async function ogCardResponse(card: OgCard, opts: { cacheControl?: string } = {}): Promise<ImageResponse> {
  const picture = await pictureDataUri(card.picture);
  const footer = card.footer ?? "Free delivery nationwide · VAT included · Made in South Africa";
  return new ImageResponse(
    <div style={{ width: "100%", height: "100%", display: "flex", background: "#fbf8f3", color: "#23201d" }}>
      <div
        style={{
          width: 640,
          height: "100%",
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          background: "#f4eee4",
        }}
      >
        {/* eslint-disable-next-line @next/next/no-img-element -- drawn into a PNG by next/og, not shown on a page */}
        {picture ? <img src={picture} {...PICTURE_BOX} alt="" style={{ objectFit: "contain" }} /> : null}
      </div>
      <div
        style={{
          flex: 1,
          display: "flex",
          flexDirection: "column",
          justifyContent: "space-between",
          padding: "56px 48px 44px 44px",
        }}
      >
        <div style={{ display: "flex", flexDirection: "column" }}>
          <div style={{ fontSize: 24, letterSpacing: 3, textTransform: "uppercase", color: "#48522b" }}>
            {card.kicker}
          </div>
          <div style={{ fontSize: card.title.length > 28 ? 48 : 60, lineHeight: 1.1, marginTop: 18, color: "#23201d" }}>
            {card.title}
          </div>
          {card.price ? (
            // The regular price goes under the price, not beside it: side by side, "From R 129 999,00"
            // and its struck-through regular price are wider than the column and were cut off.
            <div style={{ display: "flex", flexDirection: "column", marginTop: 30 }}>
              <div
                style={{
                  fontSize: card.price.length > 14 ? 44 : 52,
                  fontWeight: 700,
                  color: card.was ? "#a3472f" : "#23201d",
                }}
              >
                {card.price}
              </div>
              {card.was ? (
                <div style={{ fontSize: 30, marginTop: 6, color: "#675f55", textDecoration: "line-through" }}>
                  {card.was}
                </div>
              ) : null}
            </div>
          ) : null}
        </div>
        <div style={{ display: "flex", flexDirection: "column" }}>
          <div style={{ fontSize: 34, fontWeight: 700, color: "#384021" }}>{SITE.name}</div>
          <div style={{ fontSize: 20, marginTop: 8, color: "#4d463e" }}>{footer}</div>
        </div>
      </div>
    </div>,
    { ...OG_SIZE, headers: { "Cache-Control": opts.cacheControl ?? OG_CACHE_CONTROL } },
  );
}
