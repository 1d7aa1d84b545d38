import "server-only";
import { cacheLife, cacheTag } from "next/cache";
import { getDb } from "@/lib/db/client";
import { CACHE_TAGS } from "@/lib/catalog/cache";
import * as q from "@/lib/catalog/queries";
import type { ProductQuery } from "@/lib/catalog/types";

/*
 * Cached reads for pages. Callers render at request time (after `connection()`), so build
 * workers never open the embedded database; the results are then kept for minutes.
 */

export async function getCategories() {
  "use cache";
  cacheLife("minutes");
  cacheTag(CACHE_TAGS.catalog);
  return q.listCategories(await getDb());
}

export async function getCategory(slug: string) {
  "use cache";
  cacheLife("minutes");
  cacheTag(CACHE_TAGS.catalog);
  return q.getCategory(await getDb(), slug);
}

export async function getProductPage(query: ProductQuery) {
  "use cache";
  cacheLife("minutes");
  cacheTag(CACHE_TAGS.catalog);
  return q.listProducts(await getDb(), query);
}

export async function getProduct(slug: string) {
  "use cache";
  cacheLife("minutes");
  cacheTag(CACHE_TAGS.catalog, CACHE_TAGS.product(slug));
  return q.getProduct(await getDb(), slug);
}

export async function getFeatured(limit = 8) {
  "use cache";
  cacheLife("minutes");
  cacheTag(CACHE_TAGS.catalog);
  return q.featuredProducts(await getDb(), limit);
}

export async function getNewArrivals(limit = 8) {
  "use cache";
  cacheLife("minutes");
  cacheTag(CACHE_TAGS.catalog);
  return q.newArrivals(await getDb(), limit);
}

export async function getRelated(product: { id: number; categorySlug: string }, limit = 4) {
  "use cache";
  cacheLife("minutes");
  cacheTag(CACHE_TAGS.catalog);
  return q.relatedProducts(await getDb(), { id: product.id, categorySlug: product.categorySlug }, limit);
}
