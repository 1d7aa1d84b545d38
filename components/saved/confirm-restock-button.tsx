"use client";

import { useState } from "react";
import { FormMessage } from "@/components/content/form-fields";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { callApi } from "@/lib/http/api-client";

export function ConfirmRestockButton({ token }: { token: string }) {
  const [done, setDone] = useState<string | null>(null);
  const { pending, ready, message, submit } = useFormSubmit();

  const confirm = submit(async () => {
    const answer = await callApi<{ message: string }>("POST", "/api/back-in-stock-confirm", { token });
    setDone(answer.message);
  });

  if (done)
    return (
      <p role="status" className="mt-6 text-lg text-ink" data-testid="restock-confirmed">
        {done}
      </p>
    );
  return (
    <form onSubmit={confirm} className="mt-6 flex flex-col items-start gap-4">
      <FormMessage error={message} />
      <button type="submit" className="btn-primary" disabled={pending || !ready || !token} aria-busy={pending}>
        {pending ? "Confirming" : "Confirm my alert"}
      </button>
    </form>
  );
}
