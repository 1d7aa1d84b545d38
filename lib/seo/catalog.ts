import type { Metadata } from "next";
import type { CategorySummary } from "@/lib/catalog/types";
import { ogImagePath, pageMetadata, type PageSeo } from "@/lib/seo/metadata";
import { DELIVERY_TIME } from "@/lib/delivery/config";

/** A category page's head; its sort and page number stay in the canonical link when whitelisted. */
export function categoryMetadata(category: CategorySummary, searchParams: PageSeo["searchParams"]): Metadata {
  return pageMetadata({
    title: category.name,
    description: `${category.description} Free delivery nationwide in ${DELIVERY_TIME}, VAT included.`,
    path: `/product-category/${category.slug}`,
    searchParams,
    image: { url: ogImagePath.category(category.slug), alt: `${category.name} from ${category.productCount} designs` },
  });
}
