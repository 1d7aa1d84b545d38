import { ClockIcon, PinIcon } from "@/components/ui/icons";
import { COMPANY } from "@/lib/config/site";

/** Who runs the shop and where to find them: the company, its numbers, the showroom and its hours. */
export function CompanyDetails({ variant = "footer" }: { variant?: "footer" | "page" }) {
  const page = variant === "page";
  return (
    <div
      data-testid="company-details"
      className={
        page
          ? "rounded-card border border-ink/10 bg-white p-5 text-sm leading-relaxed text-stone-700 sm:p-6"
          : "text-xs leading-relaxed text-stone-600"
      }
    >
      {page ? <h2 className="mb-3 text-xl text-ink">Visit our workshop and showroom</h2> : null}
      <address className={`not-italic ${page ? "grid gap-2" : "grid gap-1"}`}>
        <span className="flex gap-2">
          <PinIcon width={16} height={16} className="mt-0.5 shrink-0 text-olive-700" />
          <span>
            <span className="font-medium text-ink">Workshop and showroom:</span> {COMPANY.address}
          </span>
        </span>
        <span className="flex gap-2">
          <ClockIcon width={16} height={16} className="mt-0.5 shrink-0 text-olive-700" />
          <span>
            <span className="font-medium text-ink">Open:</span> {COMPANY.hours}
          </span>
        </span>
      </address>
      <p className={page ? "mt-3" : "mt-2"}>
        {COMPANY.legalName} · Reg. no. {COMPANY.registration} · VAT no. {COMPANY.vatNumber}
      </p>
    </div>
  );
}
