const STAR = "M12 2.8l2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.6l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8z";

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
    <span className="flex gap-px" aria-hidden>
      {Array.from({ length: 5 }, (_, i) => (
        <svg key={i} width={size} height={size} viewBox="0 0 24 24" className="shrink-0">
          <path d={STAR} fill={fill} />
        </svg>
      ))}
    </span>
  );
  return (
    <span
      role="img"
      aria-label={label ?? `Rated ${formatRating(rating)} out of 5`}
      className={`relative inline-flex w-fit shrink-0 ${className}`}
    >
      {row("#ddd3c2")}
      <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${pct}%` }}>
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
