/**
 * Who may do what in the back office. Staff run the shop; only an admin manages staff and reads
 * the audit log. Every call and page checks this on the server.
 */
export const ROLES = ["customer", "staff", "admin"] as const;
export type Role = (typeof ROLES)[number];
export type StaffRole = Exclude<Role, "customer">;

export const CAPABILITIES = [
  "dashboard",
  "orders",
  "products",
  "coupons",
  "reviews",
  "marketing",
  "staff",
  "audit",
] as const;
export type Capability = (typeof CAPABILITIES)[number];

const ADMIN_ONLY: ReadonlySet<Capability> = new Set(["staff", "audit"]);

export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return role === "staff" || role === "admin";
}

export function can(role: Role | null | undefined, capability: Capability): boolean {
  if (role === "admin") return true;
  if (role === "staff") return !ADMIN_ONLY.has(capability);
  return false;
}

/** The lowest role that holds a capability. */
export function roleFor(capability: Capability): StaffRole {
  return ADMIN_ONLY.has(capability) ? "admin" : "staff";
}

/** Whether `role` is at least `needed`. */
export function atLeast(role: Role | null | undefined, needed: StaffRole): boolean {
  return needed === "admin" ? role === "admin" : isStaffRole(role);
}
