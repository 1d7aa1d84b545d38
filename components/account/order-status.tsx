import { ORDER_STATUS_LABELS, type ApiOrder } from "@/lib/orders/types";

const TONES: Record<ApiOrder["status"], string> = {
  pending: "bg-amber-50 text-amber-800 ring-amber-600/30",
  processing: "bg-olive-50 text-olive-800 ring-olive-700/30",
  "on-hold": "bg-amber-50 text-amber-800 ring-amber-600/30",
  completed: "bg-success/10 text-success ring-success/30",
  cancelled: "bg-oat-100 text-stone-700 ring-ink/15",
  refunded: "bg-oat-100 text-stone-700 ring-ink/15",
  failed: "bg-danger/10 text-danger ring-danger/30",
};

export function OrderStatus({ status }: { status: ApiOrder["status"] }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[status]}`}
      data-testid="order-status"
    >
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}
