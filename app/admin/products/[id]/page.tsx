import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { AdminSkeleton, BackLink, PageHeader } from "@/components/admin/ui";
import { ActionButton } from "@/components/admin/catalog/action-button";
import { ItemEditor } from "@/components/admin/catalog/item-editor";
import { ProductDetailsForm } from "@/components/admin/catalog/product-details-form";
import { DuplicateButton } from "@/components/admin/catalog/duplicate-button";
import { MeasurementsForm } from "@/components/admin/catalog/measurements-form";
import { OptionsForm } from "@/components/admin/catalog/options-form";
import { ProductPhotos } from "@/components/admin/catalog/product-photos";
import { ScheduleForm } from "@/components/admin/catalog/schedule-form";
import { formatDateTime } from "@/lib/admin/format";
import { SHOP_TIME_NAME } from "@/lib/config/shop-time";
import { photosForEditor } from "@/lib/admin/photos";
import { requireStaffPage } from "@/lib/admin/guard";
import { categoryOptions, getAdminProduct } from "@/lib/admin/products";
import { productOptions } from "@/lib/admin/product-options";
import { featuresText, localMoment, specsText } from "@/lib/admin/product-form";
import { serverEnv } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { listFabrics } from "@/lib/catalog/queries";

export const metadata: Metadata = { title: "Product" };

/** A variation's size, by which a price or measurements can be set for every option of that size. */
const sizeOf = (v: { attributes: Record<string, string> }) =>
  v.attributes.Size ? { name: "Size", value: v.attributes.Size } : undefined;

async function Product({ params }: { params: Promise<{ id: string }> }) {
  await requireStaffPage("products");
  const id = Number((await params).id);
  if (!Number.isSafeInteger(id) || id <= 0) notFound();
  const db = await getDb();
  const [product, options, categories, { photos, fabrics }, range] = await Promise.all([
    getAdminProduct(db, id),
    productOptions(db, id),
    categoryOptions(db),
    photosForEditor(db, id),
    listFabrics(db),
  ]);
  if (!product || !options) notFound();
  const details = {
    id: product.id,
    name: product.name,
    slug: product.slug,
    category: product.categorySlug,
    shortDescription: product.shortDescription,
    description: product.description,
    features: featuresText(product.features),
    specs: specsText(product.specs),
    care: product.care,
    seoTitle: product.seoTitle,
    seoDescription: product.seoDescription,
  };
  const threshold = Math.max(1, serverEnv().LOW_STOCK_THRESHOLD);
  const items = product.variations.length
    ? product.variations.map((v) => ({
        productId: product.id,
        variationId: v.id,
        label: v.option,
        sku: v.sku,
        regularPriceCents: v.regularPriceCents,
        salePriceCents: v.salePriceCents,
        stock: v.stock,
        alike: sizeOf(v),
      }))
    : [
        {
          productId: product.id,
          variationId: null,
          label: product.name,
          sku: "",
          regularPriceCents: product.regularPriceCents,
          salePriceCents: product.salePriceCents,
          stock: product.stock,
        },
      ];
  return (
    <>
      <BackLink href="/admin/products">All products</BackLink>
      <PageHeader
        title={product.name}
        description={
          <>
            {product.categoryName} ·{" "}
            <span data-testid="product-published">
              {product.published
                ? "Published in the shop"
                : product.publishAt
                  ? `Hidden until ${formatDateTime(product.publishAt)} (${SHOP_TIME_NAME}), when the shop publishes it`
                  : "Hidden from the shop"}
            </span>
            {product.published ? (
              <>
                {" · "}
                <Link href={`/product/${product.slug}`} className="text-olive-800 underline underline-offset-4">
                  View in the shop
                </Link>
              </>
            ) : null}
          </>
        }
        actions={
          <div className="flex flex-wrap gap-2">
            <DuplicateButton productId={product.id} />
            <ActionButton
              path={`/api/admin/products/${product.id}`}
              params={{ action: "publish", published: !product.published }}
              label={product.published ? "Hide from the shop" : "Publish in the shop"}
              look={product.published ? "danger" : "primary"}
            />
          </div>
        }
      />
      {product.published ? null : (
        <section
          aria-labelledby="schedule-heading"
          className="mb-6 rounded-card border border-ink/10 bg-white p-4 sm:p-5"
        >
          <h2 id="schedule-heading" className="mb-3 font-sans text-sm font-semibold text-ink">
            Publish on a date
          </h2>
          <ScheduleForm
            key={product.publishAt?.toISOString() ?? "none"}
            productId={product.id}
            scheduled={product.publishAt ? localMoment(product.publishAt) : ""}
          />
          {product.publishAt ? (
            <div className="mt-3">
              <ActionButton
                path={`/api/admin/products/${product.id}`}
                params={{ action: "schedule", publishAt: "" }}
                label="Cancel the date"
              />
            </div>
          ) : null}
        </section>
      )}
      <div className="grid gap-4">
        {items.map((item) => (
          <ItemEditor
            key={`${item.variationId ?? "p"}-${item.regularPriceCents}-${item.salePriceCents}-${item.stock}`}
            item={item}
            lowStockThreshold={threshold}
          />
        ))}
      </div>
      <h2 className="mt-8 mb-3 font-sans text-sm font-semibold uppercase tracking-[0.08em] text-stone-600">
        Attributes and options
      </h2>
      <div className="rounded-card border border-ink/10 bg-white p-4 sm:p-5">
        <OptionsForm
          key={JSON.stringify(options)}
          productId={product.id}
          attributes={options.attributes}
          existing={options.existing}
          fabrics={range.map((f) => f.name)}
        />
      </div>
      <h2 className="mt-8 mb-3 font-sans text-sm font-semibold uppercase tracking-[0.08em] text-stone-600">
        Photographs
      </h2>
      <ProductPhotos productId={product.id} photos={photos} fabrics={fabrics} />
      <h2 className="mt-8 mb-3 font-sans text-sm font-semibold uppercase tracking-[0.08em] text-stone-600">
        Measurements
      </h2>
      <div className="grid gap-3">
        <MeasurementsForm
          productId={product.id}
          variationId={null}
          label={product.variations.length ? "The product (each option without its own)" : product.name}
          dimensions={product.dimensions}
          own
        />
        {product.variations.map((v) => (
          <MeasurementsForm
            key={`${v.id}-${JSON.stringify(v.dimensions)}`}
            productId={product.id}
            variationId={v.id}
            label={v.option}
            dimensions={v.dimensions ?? product.dimensions}
            own={v.dimensions !== null}
            alike={sizeOf(v)}
          />
        ))}
      </div>
      <h2 className="mt-8 mb-3 font-sans text-sm font-semibold uppercase tracking-[0.08em] text-stone-600">Details</h2>
      {/* Saved, the form starts again from what the server kept (blank lines gone, lines trimmed). */}
      <ProductDetailsForm key={JSON.stringify(details)} initial={details} categories={categories} />
    </>
  );
}

export default function ProductPage({ params }: { params: Promise<{ id: string }> }) {
  return (
    <Suspense fallback={<AdminSkeleton label="Loading the product" />}>
      <Product params={params} />
    </Suspense>
  );
}
