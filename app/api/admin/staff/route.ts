import { z } from "zod";
import { parseParams } from "@/lib/api/handler";
import { emailField } from "@/lib/auth/schemas";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson } from "@/lib/admin/http";
import { grantRole, listStaff, type StaffRow } from "@/lib/admin/staff";

const staffJson = (s: StaffRow) => ({
  id: s.id,
  email: s.email,
  first_name: s.firstName,
  last_name: s.lastName,
  role: s.role,
  date_created: s.createdAt.toISOString(),
});

export const GET = adminRoute(
  async (_request, _context, { db }) => adminJson({ staff: (await listStaff(db)).map(staffJson) }),
  { role: "admin" },
);

const grantSchema = z.object({
  email: emailField,
  role: z.enum(["staff", "admin"], { error: "Choose staff or admin" }),
  first_name: z.string().trim().max(80).optional(),
  last_name: z.string().trim().max(80).optional(),
});

/** Promotes the account with this e-mail, or makes it and mails its owner a code to set a password. */
export const POST = adminRoute(
  async (request, _context, ctx) => {
    const input = await parseParams(request, grantSchema);
    const { staff, invited } = await grantRole(ctx, {
      email: input.email,
      role: input.role,
      firstName: input.first_name,
      lastName: input.last_name,
    });
    return adminJson(
      {
        staff: staffJson(staff),
        invited,
        message: invited
          ? `${staff.email} was invited: they have an e-mail with a code to set their password.`
          : `${staff.email} is now ${staff.role}.`,
      },
      invited ? 201 : 200,
    );
  },
  { role: "admin" },
);
