/**
 * Draws every product picture (three views per visual variation), the home page hero and
 * the category tiles into public/images. Run from the project root:
 *
 *   npx tsx scripts/draw-images.ts
 *
 * Files whose content has not changed are left alone, so reruns are fast and do not touch
 * timestamps (Next.js's dev server does not reload for nothing).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { seedProducts } from "../lib/catalog/seed-data";
import { productImageSrc, imageKey } from "../lib/catalog/images";
import { fabricByName, type Fabric } from "../lib/catalog/fabrics";
import { seedFabrics } from "../lib/catalog/seed-fabrics";
import { renderCategorySvg, renderHeroSvg, renderProductSvg, resolveDrawing } from "../lib/drawing/furniture";
import { DRAWING_VIEWS, type DrawingView } from "../lib/drawing/types";
import type { SeedProduct } from "../lib/catalog/seed-types";
import { drawJournalImages } from "./draw-journal-images";
import { SOCIAL_POSTS, socialImageSrc } from "../lib/content/social-space";
import { renderSocialSvg } from "../lib/drawing/social";

// The project root: beside this script when run as CommonJS, else the working directory.
const ROOT = typeof __dirname === "string" ? join(__dirname, "..") : process.cwd();
const PUBLIC = join(ROOT, "public");
const CATEGORY_SLUGS = ["couches", "sleeper-couches", "ottomans", "bed-frames"] as const;
const VIEW_LABEL: Record<DrawingView, string> = {
  main: "three-quarter view",
  front: "front view",
  detail: "fabric and seam close-up",
};

const OAT: Fabric = fabricByName(seedFabrics, "Oat") ?? seedFabrics[0]!;

/** Every visual combination of a product's options (one entry for a simple product). */
function attributeSets(p: SeedProduct): Record<string, string>[] {
  if (p.variations?.length) return p.variations.map((v) => v.attributes);
  const single: Record<string, string> = {};
  for (const a of p.attributes) {
    const first = a.options[0];
    if (first !== undefined) single[a.name] = first;
  }
  return [single];
}

let written = 0;
let unchanged = 0;

function put(relPath: string, content: string): void {
  const file = join(PUBLIC, relPath);
  let current: string | undefined;
  try {
    current = readFileSync(file, "utf8");
  } catch {
    current = undefined;
  }
  if (current === content) {
    unchanged++;
    return;
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  written++;
}

function main(): void {
  const started = Date.now();
  for (const product of seedProducts) {
    const seen = new Set<string>();
    for (const attributes of attributeSets(product)) {
      const key = imageKey(attributes);
      if (seen.has(key)) continue;
      seen.add(key);
      const fabricName = attributes.Fabric ?? attributes.fabric;
      const fabric = (fabricName && fabricByName(seedFabrics, fabricName)) || OAT;
      const drawing = resolveDrawing(product.drawing, attributes);
      const options = Object.values(attributes).filter((v) => v && v !== fabric.name);
      const described = [
        product.name,
        `in ${fabric.name}`,
        ...(options.length ? [`(${options.join(", ")})`] : []),
      ].join(" ");
      for (const view of DRAWING_VIEWS) {
        const svg = renderProductSvg(drawing, fabric, view, { title: `${described}, ${VIEW_LABEL[view]}` });
        put(productImageSrc(product.slug, attributes, view), svg);
      }
    }
  }
  put("images/generated/hero.svg", renderHeroSvg());
  for (const slug of CATEGORY_SLUGS) put(`images/generated/category-${slug}.svg`, renderCategorySvg(slug));
  drawJournalImages(put);
  for (const post of SOCIAL_POSTS) {
    const product = seedProducts.find((p) => p.slug === post.productSlug);
    const fabric = fabricByName(seedFabrics, post.fabric);
    if (!product || !fabric) throw new Error(`Social post ${post.id}: unknown product or fabric`);
    put(
      socialImageSrc(post.id).replace(/^\//, ""),
      renderSocialSvg(post, resolveDrawing(product.drawing, { Fabric: post.fabric }), fabric),
    );
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`draw-images: ${written} written, ${unchanged} unchanged, ${seconds}s`);
}

main();
