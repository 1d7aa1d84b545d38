"use client";

import { useRouter } from "next/navigation";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { callApi } from "@/lib/http/api-client";
import { toast } from "@/stores/toast";
import { BUTTON_SECONDARY } from "@/components/admin/ui";

/** Makes a hidden copy of the product and opens it, to change what differs. */
export function DuplicateButton({ productId }: { productId: number }) {
  const router = useRouter();
  const { pending, ready, submit } = useFormSubmit();
  const duplicate = submit(async () => {
    const answer = await callApi<{ product: { id: number }; message: string }>(
      "POST",
      `/api/admin/products/${productId}`,
      { action: "duplicate" },
    );
    toast({ title: answer.message, type: "success" });
    router.push(`/admin/products/${answer.product.id}`);
  });
  return (
    <form onSubmit={duplicate}>
      <button type="submit" className={BUTTON_SECONDARY} disabled={!ready || pending}>
        {pending ? "Duplicating…" : "Duplicate"}
      </button>
    </form>
  );
}
