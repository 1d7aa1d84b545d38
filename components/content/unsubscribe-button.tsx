"use client";

import { useState } from "react";
import { FormMessage } from "@/components/content/form-fields";
import { postJson } from "@/lib/forms/client";
import { UNSUBSCRIBED_MESSAGE } from "@/lib/newsletter/input";
import { toast } from "@/stores/toast";

export function UnsubscribeButton({ token }: { token: string }) {
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function unsubscribe() {
    setPending(true);
    setError(null);
    const result = await postJson("/api/newsletter-unsubscribe", { token });
    setPending(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setDone(true);
    toast({ title: UNSUBSCRIBED_MESSAGE, type: "success" });
  }

  if (done) {
    return (
      <div role="status" className="mt-6" data-testid="unsubscribed">
        <p className="text-lg text-ink">{UNSUBSCRIBED_MESSAGE}.</p>
        <p className="mt-2 text-stone-700">You will get no more promotional e-mails from us. E-mails about your orders will still reach you.</p>
      </div>
    );
  }
  return (
    <div className="mt-6 flex flex-col items-start gap-4">
      <FormMessage error={error} />
      <button type="button" className="btn-primary" onClick={unsubscribe} disabled={pending} aria-busy={pending}>
        {pending ? "Unsubscribing" : "Unsubscribe"}
      </button>
    </div>
  );
}
