/**
 * Journal covers (one per article, from its `cover` and `coverFabric` front matter). The fabrics
 * page draws its swatches itself, from the colours the database has. Called by
 * scripts/draw-images.ts, which owns writing.
 */
import { fabricByName } from "../lib/catalog/fabrics";
import { seedFabrics } from "../lib/catalog/seed-fabrics";
import { loadArticles } from "../lib/content/load";
import { renderCoverSvg } from "../lib/drawing/covers";

/** Reads content/ from the working directory: run it from the project root, as npm scripts do. */
export function drawJournalImages(put: (relPath: string, content: string) => void): void {
  for (const article of loadArticles()) {
    const fabric = fabricByName(seedFabrics, article.cover.fabric)!;
    put(article.cover.src.replace(/^\//, ""), renderCoverSvg(article.cover.scene, fabric, article.cover.alt));
  }
}
