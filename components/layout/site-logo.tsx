import Link from "next/link";
import { SITE } from "@/lib/config/site";

export function SiteLogo({ className = "" }: { className?: string }) {
  return (
    <Link href="/" className={`inline-flex items-center gap-2 ${className}`} aria-label={`${SITE.name}, home`}>
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden>
        <rect x="1" y="1" width="30" height="30" rx="7" fill="#48522b" />
        <path
          d="M7 20.5v-5a2.5 2.5 0 0 1 2.5-2.5h13a2.5 2.5 0 0 1 2.5 2.5v5M7 18h18M9 20.5v3M23 20.5v3M10 13V10.5A1.5 1.5 0 0 1 11.5 9h9a1.5 1.5 0 0 1 1.5 1.5V13"
          stroke="#f4eee4"
          strokeWidth="1.8"
          fill="none"
          strokeLinecap="round"
        />
      </svg>
      <span className="font-display text-xl font-semibold tracking-tight text-ink">{SITE.name}</span>
    </Link>
  );
}
