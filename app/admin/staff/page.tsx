import type { Metadata } from "next";
import { Suspense } from "react";
import { AdminSkeleton, Card, PageHeader, TABLE, TD, TH, TableScroll } from "@/components/admin/ui";
import { InviteStaffForm, RevokeStaffButton } from "@/components/admin/staff-forms";
import { requireStaffPage } from "@/lib/admin/guard";
import { listStaff } from "@/lib/admin/staff";
import { formatDay } from "@/lib/admin/format";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "Staff" };

async function Staff() {
  const me = await requireStaffPage("admin");
  const staff = await listStaff(await getDb());
  return (
    <>
      <PageHeader
        title="Staff"
        description="Who can open the back office. Removing access signs the person out at once; the account stays, as a customer's."
      />
      <div className="grid gap-5 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card title="People with access">
          <TableScroll label="Staff">
            <table className={TABLE}>
              <thead>
                <tr>
                  <th scope="col" className={TH}>
                    Name
                  </th>
                  <th scope="col" className={TH}>
                    E-mail
                  </th>
                  <th scope="col" className={TH}>
                    Role
                  </th>
                  <th scope="col" className={TH}>
                    Since
                  </th>
                  <th scope="col" className={TH}>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {staff.map((s) => (
                  <tr key={s.id}>
                    <td className={TD}>{`${s.firstName} ${s.lastName}`.trim() || "—"}</td>
                    <td className={`${TD} break-all`}>{s.email}</td>
                    <td className={TD}>{s.role === "admin" ? "Admin" : "Staff"}</td>
                    <td className={`${TD} whitespace-nowrap`}>{formatDay(s.createdAt)}</td>
                    <td className={`${TD} text-right`}>
                      {s.id === me.id ? (
                        <span className="text-xs text-stone-600">You</span>
                      ) : (
                        <RevokeStaffButton id={s.id} email={s.email} />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </Card>
        <Card title="Add someone">
          <p className="mb-4 text-sm text-stone-700">
            Someone with an account gets access at once. Anyone else gets an account and an e-mail with a code to set
            their own password.
          </p>
          <InviteStaffForm />
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
