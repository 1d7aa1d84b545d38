"use client";

import { useRouter } from "next/navigation";
import { FormError } from "@/components/account/field";
import { callApi } from "@/lib/http/api-client";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { toast } from "@/stores/toast";
import { BUTTON_DANGER } from "@/components/admin/ui";

type Overdue = { id: number; number: string; name: string; total: string; placed: string };

/** Bank transfers past their deadline, and the one action that cancels them all. */
export function OverdueOrders({ orders }: { orders: Overdue[] }) {
  const router = useRouter();
  const { pending, ready, error, submit } = useFormSubmit();
  const onSubmit = submit(async () => {
    const answer = await callApi<{ message: string }>("POST", "/api/admin/orders/overdue", {
      ids: orders.map((o) => o.id),
    });
    toast({ title: answer.message, type: "success" });
    router.refresh();
  });
  return (
    <section aria-labelledby="overdue-heading" className="mb-5 rounded-card border border-amber-600/40 bg-amber-50 p-4">
      <h2 id="overdue-heading" className="font-sans text-base font-semibold text-amber-900">
        {orders.length === 1 ? "1 bank transfer is overdue" : `${orders.length} bank transfers are overdue`}
      </h2>
      <p className="mt-1 text-sm text-amber-900/80">
        Unpaid past their deadline. Cancelling them releases their stock and tells each customer.
      </p>
      <ul className="mt-3 grid gap-1 text-sm">
        {orders.map((o) => (
          <li key={o.id} className="flex flex-wrap gap-x-3">
            <a href={`/admin/orders/${o.id}`} className="font-semibold text-ink underline underline-offset-2">
              {o.number}
            </a>
            <span>{o.name}</span>
            <span className="tabular-nums">{o.total}</span>
            <span className="text-stone-700">placed {o.placed}</span>
          </li>
        ))}
      </ul>
      <form onSubmit={onSubmit} className="mt-3">
        <FormError message={error} />
        <button type="submit" className={BUTTON_DANGER} disabled={pending || !ready} aria-busy={pending}>
          {pending
            ? "Cancelling"
            : orders.length === 1
              ? "Cancel the overdue order"
              : `Cancel all ${orders.length} overdue orders`}
        </button>
      </form>
    </section>
  );
}
