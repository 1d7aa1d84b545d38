"use client";

import { useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { CheckField } from "@/components/admin/catalog/field";
import { FormError, TextField } from "@/components/account/field";
import { callApi } from "@/lib/http/api-client";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { toast } from "@/stores/toast";
import { BUTTON, BUTTON_DANGER, BUTTON_SECONDARY } from "@/components/admin/ui";
import { isCancellable, isRefundable, type OrderStatus } from "@/lib/orders/statuses";

export type OrderActionState = {
  id: number;
  number: string;
  status: OrderStatus;
  bankTransferAwaiting: boolean;
  dispatched: boolean;
  paid: boolean;
  /** Rands left to refund, as "1250.00". */
  refundable: string;
  /** The items were put back in stock with an earlier refund. */
  restocked: boolean;
};

type Action = "mark-paid" | "dispatch" | "complete" | "cancel" | "refund";

const field = (form: HTMLFormElement, name: string) => {
  const el = form.elements.namedItem(name);
  return el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el.value : undefined;
};

/** One action's form: it sends what the member of staff saw (the status), so a stale page is refused. */
function ActionForm({
  order,
  action,
  button,
  tone = "primary",
  fields,
  done,
  children,
}: {
  order: OrderActionState;
  action: Action;
  button: string;
  tone?: "primary" | "secondary" | "danger";
  fields?: (failure: Record<string, string>) => ReactNode;
  done: string;
  children?: ReactNode;
}) {
  const router = useRouter();
  const {
    pending,
    ready,
    error,
    fields: failures,
    submit,
  } = useFormSubmit({ fieldNames: ["amount", "reason", "trackingNote", "note"] });
  const onSubmit = submit(async (form) => {
    const params: Record<string, unknown> = { action, expectedStatus: order.status };
    for (const name of ["note", "trackingNote", "amount", "reason"]) {
      const value = field(form, name);
      if (value !== undefined) params[name] = value;
    }
    const restock = form.elements.namedItem("restock");
    if (restock instanceof HTMLInputElement) params.restock = restock.checked;
    await callApi("POST", `/api/admin/orders/${order.id}`, params);
    toast({ title: done, type: "success" });
    router.refresh();
  });
  const style = tone === "danger" ? BUTTON_DANGER : tone === "secondary" ? BUTTON_SECONDARY : BUTTON;
  return (
    <form onSubmit={onSubmit} className="grid gap-3" aria-label={button}>
      <FormError message={error} />
      {children}
      {fields?.(failures)}
      <button type="submit" className={`${style} justify-self-start`} disabled={pending || !ready} aria-busy={pending}>
        {pending ? "Saving" : button}
      </button>
    </form>
  );
}

/** What staff can do to the order in its present state; nothing else is offered. */
export function OrderActions({ order }: { order: OrderActionState }) {
  const [open, setOpen] = useState<null | "cancel" | "refund">(null);
  const canCancel = isCancellable(order.status) && !order.dispatched;
  const canRefund = isRefundable({ status: order.status, paidAt: order.paid }) && Number(order.refundable) > 0;
  const inWorkshop = order.status === "processing";
  const nothing = !order.bankTransferAwaiting && !inWorkshop && !canCancel && !canRefund;

  return (
    <div className="grid gap-5">
      {nothing ? <p className="text-sm text-stone-600">Nothing is left to do on this order.</p> : null}
      {order.bankTransferAwaiting ? (
        <ActionForm
          order={order}
          action="mark-paid"
          button="Mark payment received"
          done={`Payment recorded: order ${order.number} is processing`}
          fields={(f) => (
            <TextField
              label="Note"
              name="note"
              maxLength={500}
              placeholder="e.g. seen in the FNB account on 23 Nov"
              error={f.note}
            />
          )}
        >
          <p className="text-sm text-stone-700">
            Once the transfer shows in the bank account, record it: the order moves to processing and the customer is
            told.
          </p>
        </ActionForm>
      ) : null}
      {inWorkshop && !order.dispatched ? (
        <ActionForm
          order={order}
          action="dispatch"
          button="Mark dispatched"
          tone="secondary"
          done={`Order ${order.number} marked dispatched`}
          fields={(f) => (
            <TextField
              label="Tracking note"
              name="trackingNote"
              maxLength={300}
              placeholder="Courier and waybill, or delivery day"
              error={f.trackingNote}
            />
          )}
        />
      ) : null}
      {inWorkshop ? (
        <ActionForm
          order={order}
          action="complete"
          button="Mark completed"
          tone="secondary"
          done={`Order ${order.number} completed`}
        >
          <p className="text-sm text-stone-700">When the customer has the piece at home.</p>
        </ActionForm>
      ) : null}
      {canRefund || canCancel ? (
        <div className="flex flex-wrap gap-2 border-t border-ink/10 pt-4">
          {canRefund ? (
            <button
              type="button"
              className={BUTTON_SECONDARY}
              aria-expanded={open === "refund"}
              onClick={() => setOpen(open === "refund" ? null : "refund")}
            >
              Record a refund
            </button>
          ) : null}
          {canCancel ? (
            <button
              type="button"
              className={BUTTON_DANGER}
              aria-expanded={open === "cancel"}
              onClick={() => setOpen(open === "cancel" ? null : "cancel")}
            >
              Cancel order
            </button>
          ) : null}
        </div>
      ) : null}
      {open === "refund" && canRefund ? (
        <ActionForm
          order={order}
          action="refund"
          button="Record refund"
          done={`Refund recorded on order ${order.number}`}
          fields={(f) => (
            <>
              <TextField
                label="Amount in rands"
                name="amount"
                required
                inputMode="decimal"
                defaultValue={order.refundable}
                hint={`Up to R ${order.refundable}. The full amount marks the order refunded.`}
                error={f.amount}
              />
              <TextField label="Reason" name="reason" required maxLength={500} error={f.reason} />
              {order.restocked ? (
                <p className="text-sm text-stone-700">Its items were put back in stock with an earlier refund.</p>
              ) : (
                <CheckField name="restock">Put the items back in stock (they came back to the workshop)</CheckField>
              )}
            </>
          )}
        >
          <p className="text-sm text-stone-700">
            Record a refund once the money has been paid back; the customer gets an e-mail with the amount and reason.
          </p>
        </ActionForm>
      ) : null}
      {open === "cancel" && canCancel ? (
        <ActionForm
          order={order}
          action="cancel"
          button="Confirm cancellation"
          tone="danger"
          done={`Order ${order.number} cancelled`}
          fields={(f) => <TextField label="Note to the customer" name="note" maxLength={500} error={f.note} />}
        >
          <p className="text-sm text-stone-700">
            The items go back into stock and the customer is told.
            {order.paid ? " This order was paid: record the refund too." : ""}
          </p>
        </ActionForm>
      ) : null}
    </div>
  );
}
