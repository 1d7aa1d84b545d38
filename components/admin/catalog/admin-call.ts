"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { callApi } from "@/lib/http/api-client";
import { toast } from "@/stores/toast";

/** Sends a change to the back office, says what the answer says, and redraws the page from the server. */
export function useAdminCall() {
  const router = useRouter();
  const [refreshing, startTransition] = useTransition();
  const send = async (path: string, params: Record<string, unknown>): Promise<void> => {
    const answer = await callApi<{ message?: string }>("POST", path, params);
    if (answer.message) toast({ title: answer.message, type: "success" });
    startTransition(() => router.refresh());
  };
  return { send, refreshing };
}
