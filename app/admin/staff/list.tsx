import type { Column } from "@/components/admin/list/data-table";
import { RevokeStaffButton, StaffRoleForm } from "@/components/admin/staff-forms";
import type { StaffRow } from "@/lib/admin/staff";
import { isStaffRole, STAFF_ROLE_LABELS } from "@/lib/admin/roles";
import { formatDay } from "@/lib/admin/format";

/** The people with access; `meId` is the reader, who cannot take their own access away. */
export const staffColumns = (meId: number): readonly Column<StaffRow>[] => [
  { key: "name", header: "Name", cell: (s) => `${s.firstName} ${s.lastName}`.trim() || "—" },
  { key: "email", header: "E-mail", className: "break-all", cell: (s) => s.email },
  {
    key: "role",
    header: "Role",
    // Another's role changes here; the reader's own does not (an admin cannot demote themselves).
    cell: (s) =>
      !isStaffRole(s.role) ? (
        "—"
      ) : s.id === meId ? (
        STAFF_ROLE_LABELS[s.role].name
      ) : (
        <StaffRoleForm email={s.email} role={s.role} />
      ),
  },
  { key: "since", header: "Since", className: "whitespace-nowrap", cell: (s) => formatDay(s.createdAt) },
  {
    key: "actions",
    header: <span className="sr-only">Actions</span>,
    align: "right",
    cell: (s) =>
      s.id === meId ? (
        <span className="text-xs text-stone-600">You</span>
      ) : (
        <RevokeStaffButton id={s.id} email={s.email} />
      ),
  },
];
