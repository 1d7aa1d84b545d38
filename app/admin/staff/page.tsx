import type { Metadata } from "next";
import { Suspense } from "react";
import { AdminSkeleton, Card, EmptyState, PageHeader } from "@/components/admin/ui";
import { DataTable } from "@/components/admin/list/data-table";
import { InvitationActions, InviteStaffForm } from "@/components/admin/staff-forms";
import { requireStaffPageContext } from "@/lib/admin/guard";
import { auditListRead } from "@/lib/admin/audit";
import { listStaff } from "@/lib/admin/staff";
import { invitationDays, listPendingInvitations } from "@/lib/admin/invitations";
import { STAFF_ROLE_LABELS } from "@/lib/admin/roles";
import { formatDateTime } from "@/lib/admin/format";
import { staffColumns } from "./list";

export const metadata: Metadata = { title: "Staff" };

async function Staff() {
  const ctx = await requireStaffPageContext("staff");
  const me = ctx.staff;
  const [staff, invitations] = await Promise.all([listStaff(ctx.db), listPendingInvitations(ctx.db)]);
  await auditListRead(ctx, { list: "staff", filter: {}, rows: staff.length + invitations.length });
  const days = invitationDays();
  return (
    <>
      <PageHeader
        title="Staff"
        description="Who can open the back office. Removing access signs the person out at once; the account stays, as a customer's."
      />
      <div className="grid gap-5 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card title="People with access">
          <DataTable label="Staff" rows={staff} columns={staffColumns(me.id)} rowKey={(s) => s.id} />
        </Card>
        <Card title="Invite someone">
          <p className="mb-4 text-sm text-stone-700">
            We e-mail them a link, valid for {days} {days === 1 ? "day" : "days"}. Their access starts when they open it
            and choose a password; if the address already has an account, that password replaces its old one. Someone
            who is staff already changes role at once.
          </p>
          <InviteStaffForm />
        </Card>
        <Card title="Pending invitations" className="xl:col-span-2">
          {invitations.length === 0 ? (
            <EmptyState>No invitations are waiting to be accepted.</EmptyState>
          ) : (
            <ul className="divide-y divide-ink/10" aria-label="Pending invitations">
              {invitations.map((i) => (
                <li
                  key={i.id}
                  data-testid="pending-invitation"
                  className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3 py-3 first:pt-0 last:pb-0"
                >
                  <div className="min-w-0 flex-1 basis-64">
                    <p className="break-all font-semibold text-ink">{i.email}</p>
                    <p className="mt-0.5 text-sm text-stone-600">
                      {STAFF_ROLE_LABELS[i.role].name}
                      {i.invitedBy ? ` · sent by ${i.invitedBy}` : ""} ·{" "}
                      {i.expired ? (
                        <span className="font-semibold text-danger">expired {formatDateTime(i.expiresAt)}</span>
                      ) : (
                        `link works until ${formatDateTime(i.expiresAt)}`
                      )}
                    </p>
                  </div>
                  <InvitationActions id={i.id} email={i.email} />
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}

export default function StaffPage() {
  return (
    <Suspense fallback={<AdminSkeleton label="Loading staff" />}>
      <Staff />
    </Suspense>
  );
}
