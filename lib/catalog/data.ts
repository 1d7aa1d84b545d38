import "server-only";
import { cacheLife, cacheTag } from "next/cache";
import { connection } from "next/server";
import { duringBuild } from "@/lib/config/build";
import { getDb } from "@/lib/db/client";
import { CACHE_TAGS } from "@/lib/catalog/cache";
import * as q from "@/lib/catalog/queries";
import type { ProductQuery } from "@/lib/catalog/types";

/*
 * Cached reads for pages. A page awaits `databaseReads()` before its first read, so build
 * workers never open the embedded database; the results are then kept for minutes.
 */

/** The one address the build lists for a catalogue route: no product or category has it. */
export const BUILD_SHELL_SLUG = "build-shell";

/**
 * Await before a page's first database read. Inside `next build` this makes the rest of the
 * component wait for a request (a hole in the prerendered shell), because the build must never
 * open the database. At run time it waits for nothing: Next then renders the whole page into its
 * cache on the first request and serves it from there until a catalogue tag or its lifetime
 * expires it, so a page is rendered once per change rather than once per request.
 */
export async function databaseReads(): Promise<void> {
  if (duringBuild()) await connection();
}

/**
 * Await at the top of a catalogue page that the build prerenders (one without parameters, or
 * with parameters it lists), outside any Suspense boundary. It gives the build's shell, holes and
 * all, a lifetime of one second, so the first request after it renders the whole page (now
 * allowed to read the database) into the cache in the background. Without it the build's shell
 * never expires and its holes are rendered on every request.
 */
export async function shellExpiresAfterBuild(): Promise<void> {
  if (duringBuild()) await shellExpiresAtOnce();
}

/*
 * Cached, so it may sit in a prerendered shell, but revalidated after a second. Next leaves out of
 * a shell any cache kept less than five minutes for browsers (stale) or in all (expire): those
 * stay at five minutes and an hour.
 */
async function shellExpiresAtOnce(): Promise<null> {
  "use cache";
  cacheLife({ stale: 300, revalidate: 1, expire: 3600 });
  return null;
}

/** The fabric range; a change in the back office expires it with the rest of the catalogue. */
export async function getFabrics() {
  "use cache";
  cacheLife("minutes");
  cacheTag(CACHE_TAGS.catalog);
  return q.listFabrics(await getDb());
}

export async function getFabricFamilies() {
  "use cache";
  cacheLife("minutes");
  cacheTag(CACHE_TAGS.catalog);
  return q.listFabricFamilies(await getDb());
}

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

/**
 * A page of a category view the page cache does not keep (lib/catalog/category-view.ts): read on
 * each request and cached nowhere, so no price a visitor types becomes an entry of its own.
 */
export async function getLiveProductPage(query: ProductQuery) {
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
