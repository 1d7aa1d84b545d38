import type { CSSProperties } from "react";
import { formatShopDate } from "@/lib/config/shop-time";

/**
 * Five stars filled to `rating` (fractions too), read out as "Rated 4.6 out of 5". One element:
 * the stars' shape is a mask in the stylesheet (`.stars`, app/globals.css) over a gold-to-oat
 * gradient that changes colour at the rating. Drawn as two inline SVG rows, the stars were about
 * 1 kB of every product card's HTML and as much again of the page's hydration data (40 kB of the
 * home page's 211 kB).
 */
export function Stars({
  rating,
  size = 16,
  className = "",
  label,
}: {
  rating: number;
  size?: number;
  className?: string;
  label?: string;
}) {
  const pct = Math.max(0, Math.min(100, (rating / 5) * 100));
  const style = {
    width: Math.round((size * 124) / 24),
    height: size,
    "--stars-fill": `${Math.round(pct * 10) / 10}%`,
  } as CSSProperties;
  return (
    <span
      role="img"
      aria-label={label ?? `Rated ${formatRating(rating)} out of 5`}
      className={`stars ${className}`}
      style={style}
    />
  );
}

export function formatRating(average: number): string {
  return (Math.round(average * 10) / 10).toFixed(1);
}

export function reviewCount(n: number): string {
  return `${n} ${n === 1 ? "review" : "reviews"}`;
}

/** "12 November 2026" in the shop's own time zone, so server and browser agree. */
export function formatReviewDate(iso: string): string {
  return formatShopDate(iso);
}
