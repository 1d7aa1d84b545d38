import Link from "next/link";
import { Price } from "@/components/ui/price";
import { savingPercent } from "@/lib/catalog/pricing";
import type { ProductSummary } from "@/lib/catalog/types";
import { fabricByName, type FabricSwatch } from "@/lib/catalog/fabrics";
import { getFabrics } from "@/lib/catalog/data";
import { RatingBadge } from "@/components/reviews/rating-badge";
import { AddToCartButton } from "@/components/cart/add-to-cart-button";
import { PriorityImage } from "@/components/ui/priority-image";
import { SaveHeart } from "@/components/saved/save-heart";
import { ProductPicture } from "@/components/product/product-picture";
import { isMediaPath } from "@/lib/media/address";

export function ProductCard({
  product,
  fabrics,
  priority = false,
}: {
  product: ProductSummary;
  /** The range, for the colour of each fabric's dot. */
  fabrics: readonly Pick<FabricSwatch, "name" | "hex">[];
  priority?: boolean;
}) {
  const Picture = priority ? PriorityImage : "img";
  const saving = savingPercent(product.price);
  return (
    <article className="group relative flex flex-col" data-testid="product-card" data-slug={product.slug}>
      <div className="relative aspect-[4/3] overflow-hidden rounded-card bg-oat-100">
        {isMediaPath(product.image.src) ? (
          <ProductPicture
            src={product.image.src}
            alt={product.image.alt}
            width={800}
            height={600}
            sizes="(min-width: 1280px) 300px, (min-width: 1024px) 23vw, 48vw"
            first={priority}
            className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
          />
        ) : (
          <Picture
            src={product.image.src}
            alt={product.image.alt}
            width={800}
            height={600}
            loading={priority ? "eager" : "lazy"}
            decoding="async"
            className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
          />
        )}
        <div className="absolute left-3 top-3 flex flex-col items-start gap-1.5">
          {saving ? (
            <span className="rounded bg-terracotta-700 px-2 py-1 text-xs font-semibold text-white">Save {saving}%</span>
          ) : null}
          {!product.inStock ? (
            <span className="rounded bg-ink px-2 py-1 text-xs font-semibold text-white" data-testid="out-of-stock">
              Out of stock
            </span>
          ) : null}
        </div>
        <SaveHeart
          productId={product.id}
          priceCents={product.price.priceCents}
          name={product.name}
          className="absolute right-3 top-3"
        />
      </div>
      <div className="mt-3 flex flex-1 flex-col">
        <p className="text-xs font-medium uppercase tracking-wider text-stone-600">{product.categoryName}</p>
        <h3 className="mt-1 font-sans text-base font-semibold tracking-normal text-ink">
          <Link href={`/product/${product.slug}`} className="after:absolute after:inset-0">
            {product.name}
          </Link>
        </h3>
        {product.rating ? <RatingBadge rating={product.rating} className="mt-1" /> : null}
        <Price price={product.price} className="mt-1" />
        {product.fabrics.length > 1 ? (
          <p className="mt-2 flex items-center gap-1" aria-label={`${product.fabrics.length} fabrics`}>
            {product.fabrics.slice(0, 6).map((f) => (
              <span
                key={f}
                title={f}
                className="h-3.5 w-3.5 rounded-full border border-ink/15"
                style={{ background: fabricByName(fabrics, f)?.hex ?? "#ccc" }}
              />
            ))}
            {product.fabrics.length > 6 ? (
              <span className="text-xs text-stone-600">+{product.fabrics.length - 6}</span>
            ) : null}
          </p>
        ) : null}
        <div className="mt-auto pt-3">
          {!product.inStock ? null : product.isVariable ? (
            <Link
              href={`/product/${product.slug}`}
              className="btn-secondary relative z-10 w-full py-2"
              aria-label={`Choose options for ${product.name}`}
            >
              Choose options
            </Link>
          ) : (
            <AddToCartButton productId={product.id} className="btn-secondary w-full py-2" />
          )}
        </div>
      </div>
    </article>
  );
}

export async function ProductGrid({
  products,
  priorityCount = 0,
}: {
  products: ProductSummary[];
  priorityCount?: number;
}) {
  const fabrics = await getFabrics();
  return (
    <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:gap-x-6 lg:grid-cols-4">
      {products.map((p, i) => (
        <li key={p.id} className="flex">
          <ProductCard product={p} fabrics={fabrics} priority={i < priorityCount} />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count = 4 }: { count?: number }) {
  return (
    <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:gap-x-6 lg:grid-cols-4" aria-hidden>
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <div className="aspect-[4/3] animate-pulse rounded-card bg-oat-100" />
          <div className="mt-3 h-3 w-16 animate-pulse rounded bg-oat-100" />
          <div className="mt-2 h-4 w-40 animate-pulse rounded bg-oat-100" />
          <div className="mt-2 h-4 w-24 animate-pulse rounded bg-oat-100" />
        </li>
      ))}
    </ul>
  );
}

/** What a catalogue page shows while its grid loads. */
export function ProductPageSkeleton() {
  return (
    <div className="container-page py-12">
      <ProductGridSkeleton count={8} />
    </div>
  );
}
