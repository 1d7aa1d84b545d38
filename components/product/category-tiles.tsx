import Link from "next/link";
import type { CategorySummary } from "@/lib/catalog/types";

export function CategoryTiles({ categories }: { categories: CategorySummary[] }) {
  return (
    <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {categories.map((c) => (
        <li key={c.slug}>
          <Link
            href={`/product-category/${c.slug}`}
            className="group block overflow-hidden rounded-card bg-oat-100"
            data-testid="category-tile"
          >
            {c.image ? (
              // eslint-disable-next-line @next/next/no-img-element -- the category's drawing or its first product's picture
              <img
                src={c.image}
                alt=""
                width={800}
                height={600}
                loading="lazy"
                className="aspect-[4/3] w-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
              />
            ) : (
              // A category with no product yet: its tile keeps its shape.
              <span aria-hidden className="block aspect-[4/3] w-full bg-oat-200" />
            )}
            <span className="flex items-center justify-between px-4 py-3">
              <span className="font-display text-lg text-ink">{c.name}</span>
              <span className="text-xs text-stone-600">{c.productCount} pieces</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
