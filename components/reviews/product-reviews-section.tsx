import { ProductJsonLd } from "next-seo";
import { JsonLd, structuredData } from "@/components/seo/json-ld";
import { ProductReviews } from "@/components/reviews/product-reviews";
import { RatingLink } from "@/components/reviews/rating-link";
import { getProductReviews } from "@/lib/reviews/data";
import { SITE } from "@/lib/config/site";
import type { ProductDetail } from "@/lib/catalog/types";
import type { ProductReviews as ProductReviewsData } from "@/lib/reviews/types";

/** The product page's reviews, with Product JSON-LD carrying AggregateRating and Review. */
export async function ProductReviewsSection({ product }: { product: ProductDetail }) {
  return <ProductReviewsBlock product={product} {...await getProductReviews(product.id)} />;
}

export function ProductReviewsBlock({ product, summary, reviews }: { product: ProductDetail } & ProductReviewsData) {
  const url = `${SITE.canonicalUrl}/product/${product.slug}`;
  return (
    <section
      id="reviews"
      aria-labelledby="reviews-heading"
      className="mt-14 scroll-mt-28 border-t border-ink/10 pt-10"
      data-testid="product-reviews"
    >
      <JsonLd
        id="product-json-ld"
        data={structuredData(ProductJsonLd, {
          name: product.name,
          description: product.shortDescription,
          url,
          // The card's picture first: the one a search result shows.
          image: [...new Set([product.image, ...product.images].map((i) => `${SITE.canonicalUrl}${i.src}`))],
          brand: { name: SITE.name },
          category: product.categoryName,
          offers: {
            price: product.price.priceCents / 100,
            priceCurrency: "ZAR",
            availability: product.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
            url,
          },
          ...(summary.count > 0
            ? {
                aggregateRating: {
                  ratingValue: summary.average,
                  reviewCount: summary.count,
                  bestRating: 5,
                  worstRating: 1,
                },
                review: reviews.slice(0, 10).map((r) => ({
                  name: r.title,
                  reviewBody: r.message,
                  datePublished: r.createdAt.slice(0, 10),
                  author: { "@type": "Person" as const, name: r.name },
                  reviewRating: { ratingValue: r.rating, bestRating: 5, worstRating: 1 },
                })),
              }
            : {}),
        })}
      />
      <ProductReviews productId={product.id} productName={product.name} initial={reviews} />
    </section>
  );
}

/** "4.7 (12 reviews)" under the breadcrumb, linking to the reviews. */
export async function ProductRatingLink({ productId }: { productId: number }) {
  const { summary } = await getProductReviews(productId);
  if (summary.count === 0) return null;
  return <RatingLink average={summary.average} count={summary.count} />;
}
