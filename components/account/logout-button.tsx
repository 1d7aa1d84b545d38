"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { accountApi } from "@/lib/auth/account-api";
import { useCustomerStore } from "@/stores/customer";
import { toast } from "@/stores/toast";

/** Signs out; from an account page it goes home. */
export function LogoutButton({ className = "" }: { className?: string }) {
  const router = useRouter();
  const clear = useCustomerStore((s) => s.clear);
  const [pending, setPending] = useState(false);

  const logout = async () => {
    setPending(true);
    try {
      await accountApi.logout();
    } catch {
      // The cookie may already be gone; the browser forgets the customer either way.
    }
    clear();
    setPending(false);
    toast({ title: "You are logged out", type: "info" });
    if (window.location.pathname.includes("my-account")) router.push("/");
    router.refresh();
  };

  return (
    <button type="button" onClick={logout} disabled={pending} className={className} data-testid="logout">
      {pending ? "Logging out" : "Log out"}
    </button>
  );
}
