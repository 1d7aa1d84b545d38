import "server-only";
import { createHash } from "node:crypto";
import { cacheLife } from "next/cache";
import { clientIp } from "@/lib/api/client-ip";
import type { ProductSummary } from "@/lib/catalog/types";
import { formatMoney } from "@/lib/money/money";
import { BUILD_ID } from "@/lib/platform/build-id";
import { LocalLimiter } from "@/lib/security/local-limit";
import { addressKey } from "@/lib/security/rate-limit";
import { ogCardResponse, type OgCard } from "@/lib/seo/og-card";
import { OG_IMAGE_LIMIT } from "@/lib/seo/og-limit";

/*
 * Link previews are drawn once per version and served from the cache: drawing one takes a core
 * 250 to 700 ms, and eight connections asking for them again and again took a cached product
 * page's median from 20 ms to nearly half a second. A product's preview lives at an address that
 * names its version (what it shows, and the build that draws it), so browsers and crawlers may keep
 * it for good; its unversioned address sends them to the current one.
 */

/** A preview that never changes at its address. */
export const OG_IMMUTABLE = "public, max-age=31536000, immutable";
/** Where an address sends on to the current version: worth keeping only briefly. */
export const OG_REDIRECT_CACHE_CONTROL = "public, max-age=60";

/**
 * A product's preview: its card's picture (the photograph, else the drawing), name and the price a
 * shopper pays today. A photograph's address names its bytes, so a new one is a new version.
 */
export function productCard(product: ProductSummary): OgCard {
  const price = formatMoney(product.price.priceCents);
  return {
    kicker: product.categoryName,
    title: product.name,
    price: product.price.from ? `From ${price}` : price,
    was: product.price.wasCents !== null ? formatMoney(product.price.wasCents) : undefined,
    picture: { publicPath: product.image.src },
  };
}

/** The version of a card: what it shows and the build that draws it. */
export function ogCardVersion(card: OgCard): string {
  return createHash("sha256").update(BUILD_ID).update("\0").update(JSON.stringify(card)).digest("hex").slice(0, 16);
}

/** The card as a PNG, drawn once and then read from the cache (the card is the key). */
export async function drawnCard(card: OgCard): Promise<Uint8Array> {
  "use cache";
  cacheLife("max");
  return new Uint8Array(await (await ogCardResponse(card)).arrayBuffer());
}

/**
 * The drawings this process served last, by version, in front of the cache above: read from
 * there, a 245 kB drawing went through the cache's decoding on every request and the route ran
 * at half the rate of a static file of the build; from here it runs at that rate.
 */
const KEPT_DRAWINGS = 32;
const DRAWINGS = Symbol.for("kaya.og-image.drawings");

/** A product's preview by its version (ogCardVersion of `card`), drawn at most once per process. */
export async function versionedCard(card: OgCard, version: string): Promise<Uint8Array> {
  const g = globalThis as typeof globalThis & { [DRAWINGS]?: Map<string, Uint8Array> };
  const kept = (g[DRAWINGS] ??= new Map());
  const found = kept.get(version);
  if (found) {
    kept.delete(version);
    kept.set(version, found);
    return found;
  }
  const png = await drawnCard(card);
  kept.set(version, png);
  for (const oldest of kept.keys()) {
    if (kept.size <= KEPT_DRAWINGS) break;
    kept.delete(oldest);
  }
  return png;
}

export function pngResponse(png: Uint8Array, cacheControl: string): Response {
  return new Response(png as Uint8Array<ArrayBuffer>, {
    headers: { "Content-Type": "image/png", "Content-Length": String(png.byteLength), "Cache-Control": cacheControl },
  });
}

/** To the current version's address (a path: the browser or crawler keeps the origin it asked). */
export function redirectResponse(to: string): Response {
  return new Response(null, { status: 307, headers: { Location: to, "Cache-Control": OG_REDIRECT_CACHE_CONTROL } });
}

export function missingResponse(message: string): Response {
  return new Response(message, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/*
 * Counted by each process for itself: the limit keeps a process's cores for its pages, and a count
 * in the database would cost a write on every preview, the very load it limits. One per process,
 * whichever route's bundle asks first.
 */
const LIMITER = Symbol.for("kaya.og-image.limiter");
function limiter(): LocalLimiter {
  const g = globalThis as typeof globalThis & { [LIMITER]?: LocalLimiter };
  return (g[LIMITER] ??= new LocalLimiter(OG_IMAGE_LIMIT));
}

/** The 429 for an address over OG_IMAGE_LIMIT, or null while it may have another preview. */
export function ogRateLimited(request: Request): Response | null {
  const counted = limiter().hit(addressKey("og-image", clientIp(request.headers)));
  if (counted.allowed) return null;
  return new Response("Too many preview images from this address. Please try again shortly.", {
    status: 429,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": String(counted.retryAfter),
    },
  });
}
