import type { Metadata } from "next";
import { Suspense } from "react";
import { AdminNav } from "@/components/admin/admin-nav";
import { staffForPage } from "@/lib/admin/guard";
import { ADMIN_SECTIONS } from "@/lib/admin/paths";
import { can, STAFF_ROLE_LABELS } from "@/lib/admin/roles";

export const metadata: Metadata = {
  title: { default: "Back office", template: "%s · Back office" },
  robots: { index: false, follow: false },
};

async function StaffNav() {
  const staff = await staffForPage();
  if (!staff) return null;
  const sections = ADMIN_SECTIONS.filter((s) => can(staff.role, s.capability)).map(({ href, label }) => ({
    href,
    label,
  }));
  return <AdminNav sections={sections} staffName={staff.name} role={STAFF_ROLE_LABELS[staff.role].name} />;
}

export default function AdminLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="min-h-dvh bg-oat-50 lg:grid lg:grid-cols-[232px_minmax(0,1fr)]">
      <Suspense fallback={<div className="h-[68px] bg-olive-800 lg:h-dvh" />}>
        <StaffNav />
      </Suspense>
      <main id="main" className="min-w-0 px-4 py-6 sm:px-6 lg:px-10 lg:py-8">
        {children}
      </main>
    </div>
  );
}
