import type { PaymentStart } from "@/lib/payments/types";

/** Posts the gateway's signed form, field by field in the order it was signed. */
export function postForm(action: string, fields: Array<[string, string]>) {
  const form = document.createElement("form");
  form.method = "POST";
  form.action = action;
  for (const [name, value] of fields) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}

/** Sends the browser on to pay: the gateway's form or page, or (nothing to pay online) the order. */
export function handOffTo(next: PaymentStart, orderUrl: string, toOrderPage: (url: string) => void) {
  if (next.kind === "form") postForm(next.action, next.fields);
  else if (next.kind === "redirect") window.location.assign(next.url);
  else toOrderPage(orderUrl);
}
