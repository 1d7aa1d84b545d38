"use client";

import { useState } from "react";
import { FormMessage } from "@/components/content/form-fields";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { callApi } from "@/lib/http/api-client";
import { toast } from "@/stores/toast";

export function UnsubscribeButton({ token }: { token: string }) {
  const [done, setDone] = useState<string | null>(null);
  const { pending, ready, message, submit } = useFormSubmit();

  const unsubscribe = submit(async () => {
    const answer = await callApi<{ message: string }>("POST", "/api/newsletter-unsubscribe", { token });
    setDone(answer.message);
    toast({ title: answer.message, type: "success" });
  });

  if (done) {
    return (
      <div role="status" className="mt-6" data-testid="unsubscribed">
        <p className="text-lg text-ink">{done}.</p>
        <p className="mt-2 text-stone-700">You will get no more promotional e-mails from us. E-mails about your orders will still reach you.</p>
      </div>
    );
  }
  return (
    <form onSubmit={unsubscribe} className="mt-6 flex flex-col items-start gap-4">
      <FormMessage error={message} />
      <button type="submit" className="btn-primary" disabled={pending || !ready} aria-busy={pending}>
        {pending ? "Unsubscribing" : "Unsubscribe"}
      </button>
    </form>
  );
}
