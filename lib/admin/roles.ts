/**
 * Who may do what in the back office. Staff run the shop; only an admin manages staff, reads
 * the audit log and changes the shop's settings. The table below is the only place that says so: every page, call, menu entry and
 * role description asks it, and every call and page checks it on the server.
 */
export const ROLES = ["customer", "staff", "admin"] as const;
export type Role = (typeof ROLES)[number];
export type StaffRole = Exclude<Role, "customer">;
/** The back office's roles, each holding more than the one before it. */
export const STAFF_ROLES = ["staff", "admin"] as const satisfies readonly StaffRole[];

export const CAPABILITIES = [
  "dashboard",
  "orders",
  "products",
  "coupons",
  "reviews",
  "marketing",
  "staff",
  "audit",
  "settings",
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** What each role may do. */
const GRANTS: Record<Role, readonly Capability[]> = {
  customer: [],
  staff: ["dashboard", "orders", "products", "coupons", "reviews", "marketing"],
  admin: CAPABILITIES,
};

/** How a role's description names each capability ("" for one every member of staff has without saying). */
const CAPABILITY_WORDS: Record<Capability, string> = {
  dashboard: "",
  orders: "orders",
  products: "products",
  coupons: "coupons",
  reviews: "reviews",
  marketing: "marketing",
  staff: "managing staff",
  audit: "reading the audit log",
  settings: "changing the shop's settings",
};

export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return (STAFF_ROLES as readonly (string | null | undefined)[]).includes(role);
}

export function can(role: Role | null | undefined, capability: Capability): boolean {
  return role ? GRANTS[role].includes(capability) : false;
}

/** The roles that hold a capability (the admins, for managing staff). */
export function rolesThatCan(capability: Capability): StaffRole[] {
  return STAFF_ROLES.filter((role) => can(role, capability));
}

const words = (capabilities: readonly Capability[]) => {
  const said = capabilities.map((c) => CAPABILITY_WORDS[c]).filter(Boolean);
  return said.length > 1 ? `${said.slice(0, -1).join(", ")} and ${said.at(-1)}` : (said[0] ?? "");
};

const STAFF_ROLE_NAMES: Record<StaffRole, { name: string; one: string }> = {
  staff: { name: "Staff", one: "staff" },
  admin: { name: "Admin", one: "an admin" },
};

/** What a role opens beyond the role below it, in words. */
function scope(role: StaffRole): string {
  const below = STAFF_ROLES[STAFF_ROLES.indexOf(role) - 1];
  if (!below) return words(GRANTS[role]);
  const more = GRANTS[role].filter((c) => !can(below, c));
  return `everything ${STAFF_ROLE_NAMES[below].one} do, plus ${words(more)}`;
}

/**
 * How the staff page, the invitation e-mail and the accept page name a role ("Admin"; "an admin" in
 * a sentence) and what it opens.
 */
export const STAFF_ROLE_LABELS: Record<StaffRole, { name: string; one: string; scope: string }> = {
  staff: { ...STAFF_ROLE_NAMES.staff, scope: scope("staff") },
  admin: { ...STAFF_ROLE_NAMES.admin, scope: scope("admin") },
};

/** The higher of two roles: what an account keeps when it is offered `offered` (a role is never lowered that way). */
export function higherRole(current: Role | null, offered: StaffRole): StaffRole {
  return isStaffRole(current) && STAFF_ROLES.indexOf(current) > STAFF_ROLES.indexOf(offered) ? current : offered;
}
