const STAR = "l2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L{x} 16.6l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8z";
/** The five stars as one path (each 24 units wide, 1 apart), so a row is one small element. */
const FIVE = Array.from({ length: 5 }, (_, i) => `M${12 + 25 * i} 2.8${STAR.replace("{x}", String(12 + 25 * i))}`).join(
  "",
);

/** Five stars filled to `rating` (fractions too), read out as "Rated 4.6 out of 5". */
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
  const row = (fill: string) => (
    <svg
      width={Math.round((size * 124) / 24)}
      height={size}
      viewBox="0 0 124 24"
      className="block shrink-0 max-w-none"
      aria-hidden
    >
      <path d={FIVE} fill={fill} />
    </svg>
  );
  return (
    <span
      role="img"
      aria-label={label ?? `Rated ${formatRating(rating)} out of 5`}
      className={`relative inline-flex w-fit shrink-0 ${className}`}
    >
      {row("#ddd3c2")}
      <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${Math.round(pct * 10) / 10}%` }}>
        {row("#b5803a")}
      </span>
    </span>
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
  return new Intl.DateTimeFormat("en-ZA", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Africa/Johannesburg",
  }).format(new Date(iso));
}
