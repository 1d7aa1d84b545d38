/**
 * Journal covers (one per article, from its `cover` and `coverFabric` front matter) and the
 * fabric swatches of the fabrics page. Called by scripts/draw-images.ts, which owns writing.
 */
import { fabricByName } from "../lib/catalog/fabrics";
import { seedFabrics } from "../lib/catalog/seed-fabrics";
import { loadArticles } from "../lib/content/load";
import { renderCoverSvg } from "../lib/drawing/covers";
import { renderSwatchSvg } from "../lib/drawing/furniture";
import { swatchSrc } from "../lib/content/cover-scenes";

/** Reads content/ from the working directory: run it from the project root, as npm scripts do. */
export function drawJournalImages(put: (relPath: string, content: string) => void): void {
  for (const article of loadArticles()) {
    const fabric = fabricByName(seedFabrics, article.cover.fabric)!;
    put(article.cover.src.replace(/^\//, ""), renderCoverSvg(article.cover.scene, fabric, article.cover.alt));
  }
  for (const fabric of seedFabrics) put(swatchSrc(fabric.slug).replace(/^\//, ""), renderSwatchSvg(fabric));
}
