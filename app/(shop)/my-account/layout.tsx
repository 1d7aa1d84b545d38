import type { Metadata } from "next";
import { AccountNav } from "@/components/account/account-nav";

export const metadata: Metadata = { robots: { index: false } };

export default function AccountLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="container-page py-8 lg:py-12">
      <p className="text-xs font-semibold uppercase tracking-[0.16em] text-olive-700">Your account</p>
      <div className="mt-4 grid gap-6 lg:grid-cols-[220px_1fr] lg:gap-10">
        <div className="lg:pt-1">
          <AccountNav />
        </div>
        <div className="min-w-0">{children}</div>
      </div>
    </div>
  );
}
