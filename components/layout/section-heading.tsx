import Link from "next/link";
import { ArrowRightIcon } from "@/components/ui/icons";

export function SectionHeading({
  title,
  kicker,
  href,
  linkLabel,
  id,
}: {
  title: string;
  kicker?: string;
  href?: string;
  linkLabel?: string;
  id?: string;
}) {
  return (
    <div className="mb-6 flex items-end justify-between gap-4">
      <div>
        {kicker ? <p className="text-xs font-semibold uppercase tracking-[0.16em] text-olive-700">{kicker}</p> : null}
        <h2 id={id} className="mt-1 text-2xl text-ink sm:text-3xl">
          {title}
        </h2>
      </div>
      {href ? (
        <Link
          href={href}
          className="flex shrink-0 items-center gap-1 text-sm font-semibold text-olive-700 hover:text-olive-800"
        >
          {linkLabel ?? "View all"} <ArrowRightIcon width={16} height={16} />
        </Link>
      ) : null}
    </div>
  );
}
