import type { Capability } from "@/lib/admin/roles";

/** The back office's sections, in the order its menu shows them. */
export type AdminSection = { href: string; label: string; capability: Capability };

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { href: "/admin", label: "Dashboard", capability: "dashboard" },
  { href: "/admin/orders", label: "Orders", capability: "orders" },
  { href: "/admin/products", label: "Products", capability: "products" },
  { href: "/admin/categories", label: "Categories", capability: "products" },
  { href: "/admin/fabrics", label: "Fabrics", capability: "products" },
  { href: "/admin/coupons", label: "Coupons", capability: "coupons" },
  { href: "/admin/reviews", label: "Reviews", capability: "reviews" },
  { href: "/admin/marketing", label: "Marketing", capability: "marketing" },
  { href: "/admin/staff", label: "Staff", capability: "staff" },
  { href: "/admin/audit", label: "Audit log", capability: "audit" },
  { href: "/admin/settings", label: "Settings", capability: "settings" },
];

export const ADMIN_PAGE = /^\/admin(?:\/|$)/;

/** What opening a back-office address takes: the capability of the longest section it falls under. */
export function capabilityForAdminPath(pathname: string): Capability {
  const section = [...ADMIN_SECTIONS]
    .filter((s) => s.href !== "/admin" && (pathname === s.href || pathname.startsWith(`${s.href}/`)))
    .sort((a, b) => b.href.length - a.href.length)[0];
  return section ? section.capability : "dashboard";
}
