import { formatMoney } from "@/lib/money/money";
import type { DisplayPrice } from "@/lib/catalog/pricing";

/** The one way a price is shown: "From", the price paid, and the regular price crossed out on sale. */
export function Price({
  price,
  size = "md",
  className = "",
}: {
  price: DisplayPrice;
  size?: "sm" | "md" | "lg";
  className?: string;
}) {
  const big = size === "lg" ? "text-2xl sm:text-3xl" : size === "md" ? "text-base" : "text-sm";
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 ${className}`} data-testid="price">
      {price.from ? <span className="text-sm text-stone-600">From</span> : null}
      <span
        className={`font-semibold ${big} ${price.wasCents ? "text-terracotta-700" : "text-ink"}`}
        data-testid="price-now"
      >
        {formatMoney(price.priceCents)}
      </span>
      {price.wasCents ? (
        <span className="text-sm text-stone-600 line-through" data-testid="price-was">
          <span className="sr-only">Regular price </span>
          {formatMoney(price.wasCents)}
        </span>
      ) : null}
    </p>
  );
}
