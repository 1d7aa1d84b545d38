import { DRAWING_VIEWS } from "@/lib/drawing/types";

/**
 * A product picture the build did not draw: a product or an option added from the back office
 * after the build. The shop shows this neutral card under the product's own alt text rather
 * than a broken image.
 */
const PICTURE_PATH = new RegExp(`^[a-z0-9-]{1,120}/[a-z0-9-]{1,200}-(?:${DRAWING_VIEWS.join("|")})\\.svg$`);

/**
 * Whether a route's segments under /images/products/ have the shape of one of the shop's own
 * pictures. Anything else (not a list of two words, NUL, dots, capitals) is not.
 */
export function isProductPicturePath(segments: unknown): boolean {
  return (
    Array.isArray(segments) &&
    segments.length === 2 &&
    segments.every((s) => typeof s === "string") &&
    PICTURE_PATH.test(segments.join("/"))
  );
}

export const PICTURE_PLACEHOLDER_SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600" role="img">',
  "<title>Picture to follow</title>",
  '<rect width="800" height="600" fill="#f6f2eb"/>',
  '<g fill="none" stroke="#8a8276" stroke-width="6" stroke-linecap="round" stroke-linejoin="round">',
  '<path d="M250 330v-60a30 30 0 0 1 30-30h240a30 30 0 0 1 30 30v60"/>',
  '<path d="M220 330a25 25 0 0 1 50 0v30h260v-30a25 25 0 0 1 50 0v60H220z"/>',
  '<path d="M245 390v20M555 390v20"/>',
  "</g>",
  '<text x="400" y="470" text-anchor="middle" font-family="Liberation Sans, Arial, sans-serif" font-size="28" fill="#5c564d">Picture to follow</text>',
  "</svg>",
].join("");
