import { SwatchLink } from "@/components/swatches/swatch-link";
import type { Metadata } from "next";
import { Suspense } from "react";
import { formatMoney } from "@/lib/money/money";
import { ogImagePath, pageMetadata } from "@/lib/seo/metadata";
import { ogCardVersion, productCard } from "@/lib/seo/og-image";
import { notFound } from "next/navigation";
import { ProductConfigurator } from "@/components/product/product-configurator";
import { DeliveryEstimate } from "@/components/product/delivery-estimate";
import { ProductDetails } from "@/components/product/product-details";
import { WillItFit } from "@/components/product/will-it-fit";
import { WhatsAppLink } from "@/components/ui/whatsapp-link";
import { getOfferedPaymentMethods } from "@/lib/settings/data";
import { SITE } from "@/lib/config/site";
import { ProductGrid, ProductGridSkeleton } from "@/components/product/product-card";
import { SectionHeading } from "@/components/layout/section-heading";
import { ProductRatingLink, ProductReviewsSection } from "@/components/reviews/product-reviews-section";
import { BUILD_SHELL_SLUG, databaseReads, getFabrics, getProduct, getRelated } from "@/lib/catalog/data";
import { toSwatch } from "@/lib/catalog/fabrics";
import type { ProductDetail } from "@/lib/catalog/types";
import { dimensionSets } from "@/lib/catalog/dimensions";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { FirstPaintAfter, FirstPaintMarker } from "@/components/ui/first-paint";

/*
 * The page reads no query: it is rendered once per catalogue change and served from the cache to
 * everyone. A shared choice (?fabric=oat) is applied by the configurator in the browser, and the
 * canonical link is the product's address whatever the query.
 */
type Props = { params: Promise<{ slug: string }> };

/*
 * Next needs one listed address to build this route as a shell that each product's first request
 * upgrades into a whole cached page (an empty list fails the build). The build cannot read the
 * catalogue, so it lists an address no product has: proxy.ts answers 404 for it.
 */
export function generateStaticParams() {
  return [{ slug: BUILD_SHELL_SLUG }];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await databaseReads();
  const { slug } = await params;
  const product = await getProduct(slug);
  if (!product) notFound();
  return pageMetadata({
    title: product.seo.title || product.name,
    description: product.seo.description || product.shortDescription,
    path: `/product/${product.slug}`,
    image: {
      url: ogImagePath.product(product.slug, ogCardVersion(productCard(product))),
      alt: `${product.name}, ${formatMoney(product.price.priceCents)}`,
    },
  });
}

/** The product's body comes with the page's first paint (components/ui/first-paint.tsx). */
const BODY_PARSED = "product-body-parsed";

export default function ProductPage({ params }: Props) {
  return (
    <>
      <FirstPaintAfter id={BODY_PARSED} />
      <Suspense
        fallback={
          <div className="container-page min-h-screen py-12">
            <div className="aspect-[4/3] max-w-2xl animate-pulse rounded-card bg-oat-100" />
          </div>
        }
      >
        <ProductBody params={params} />
      </Suspense>
    </>
  );
}

async function ProductBody({ params }: Props) {
  await databaseReads();
  const { slug } = await params;
  const [product, range, methods] = await Promise.all([getProduct(slug), getFabrics(), getOfferedPaymentMethods()]);
  if (!product) notFound();
  const fabrics = range.map(toSwatch);
  return (
    <div className="container-page py-6 lg:py-10">
      <div className="mb-5 flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
        <Breadcrumbs
          trail={[
            { label: product.categoryName, href: `/product-category/${product.categorySlug}` },
            { label: product.name },
          ]}
        />
        <Suspense fallback={null}>
          <ProductRatingLink productId={product.id} />
        </Suspense>
      </div>
      <ProductConfigurator
        key={product.slug}
        product={configurable(product)}
        fabrics={fabrics}
        instalments={{ finchoice: methods.includes("finchoice"), payjustnow: methods.includes("payjustnow") }}
        help={
          <>
            <DeliveryEstimate />
            <WhatsAppLink
              message={`Hello ${SITE.name}, I have a question about the ${product.name}: ${SITE.canonicalUrl}/product/${product.slug}`}
              label="Questions? Chat on WhatsApp"
              className="btn-secondary self-start"
            />
            <SwatchLink attributes={product.attributes} fabrics={fabrics} />
          </>
        }
      />
      <section className="mt-12" aria-label="Product information">
        <ProductDetails product={product} />
        <WillItFit key={product.slug} slug={product.slug} name={product.name} sets={dimensionSets(product)} />
      </section>
      <Suspense fallback={null}>
        <ProductReviewsSection product={product} />
      </Suspense>
      <section aria-labelledby="related" className="mt-12">
        <SectionHeading id="related" kicker="You may also like" title="More from the workshop" />
        <Suspense fallback={<ProductGridSkeleton count={4} />}>
          <Related product={product} />
        </Suspense>
      </section>
    </div>
  );
}

/** What the buy box needs, sent to the browser: the measurements go to the parts that show them. */
function configurable(p: ProductDetail) {
  const { id, slug, name, attributes, images, price, inStock, stock } = p;
  const variations = p.variations.map((v) => ({
    id: v.id,
    sku: v.sku,
    attributes: v.attributes,
    regularPriceCents: v.regularPriceCents,
    salePriceCents: v.salePriceCents,
    stock: v.stock,
    images: v.images,
  }));
  return { id, slug, name, attributes, images, variations, price, inStock, stock };
}

/*
 * The marker closes the last of the body's streamed parts rather than the body itself: at the
 * body's end it sat just before React's reveal script, and in 2 of 20 loads the browser painted in
 * between (the picture then came 0.2-0.3 s later). Here every part above it (picture, buy box,
 * rating, reviews) has been queued for reveal when the first frame is allowed.
 */
async function Related({ product }: { product: ProductDetail }) {
  return (
    <>
      <ProductGrid products={await getRelated({ id: product.id, categorySlug: product.categorySlug })} />
      <FirstPaintMarker id={BODY_PARSED} />
    </>
  );
}
