/**
 * The back office's foundation on this run's engine: roles, the 404 that hides it, staff sessions
 * that end sooner and with the role, staff invited and taken away, and the audit log (invitations
 * themselves: test/api/admin/staff-invitations.test.ts).
 */
import { NextRequest, NextResponse } from "next/server";
import { desc, eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { call } from "@/test/support/api-client";
import { makeCustomer, makeOrder } from "@/test/support/auth";
import { readSession } from "@/lib/auth/session";
import { adminAudit, customers, mailOutbox, sessions } from "@/lib/db/schema";
import { setEnv } from "@/lib/config/set-env";
import { COOKIE } from "@/lib/http/cookie-names";
import { adminRoute } from "@/lib/admin/guard";
import { can, CAPABILITIES, rolesThatCan, STAFF_ROLE_LABELS } from "@/lib/admin/roles";
import { capabilityForAdminPath } from "@/lib/admin/paths";
import { changedFields, recordAudit } from "@/lib/admin/audit";
import { createAdminAccount, grantRole, revokeRole } from "@/lib/admin/staff";
import { adminContext, makeStaff, SAME_ORIGIN } from "@/test/support/admin";
import { adminGuard } from "@/lib/auth/guards";

const getDb = setupTestDb({ seed: false });

describe("roles", () => {
  test("staff hold every capability but staff management, the audit log and settings; admins hold all; customers none", () => {
    for (const c of CAPABILITIES) {
      expect([c, can("admin", c)]).toEqual([c, true]);
      expect([c, can("staff", c)]).toEqual([c, c !== "staff" && c !== "audit" && c !== "settings"]);
      expect([c, can("customer", c)]).toEqual([c, false]);
    }
  });

  test("each address takes its section's capability, which only the roles the table grants hold", () => {
    expect(capabilityForAdminPath("/admin")).toBe("dashboard");
    expect(capabilityForAdminPath("/admin/orders/12")).toBe("orders");
    expect(capabilityForAdminPath("/admin/staff")).toBe("staff");
    expect(capabilityForAdminPath("/admin/audit")).toBe("audit");
    expect(capabilityForAdminPath("/admin/staffing")).toBe("dashboard");
    expect(rolesThatCan("staff")).toEqual(["admin"]);
    expect(rolesThatCan("orders")).toEqual(["staff", "admin"]);
  });

  test("each role's description is said from the table", () => {
    expect(STAFF_ROLE_LABELS.staff.scope).toBe("orders, products, coupons, reviews and marketing");
    expect(STAFF_ROLE_LABELS.admin.scope).toBe(
      "everything staff do, plus managing staff, reading the audit log and changing the shop's settings",
    );
  });
});

describe("adminRoute", () => {
  const seen: number[] = [];
  const staffCall = adminRoute(async (_request: NextRequest, _context: unknown, { staff }) => {
    seen.push(staff.id);
    return NextResponse.json({ ok: true, role: staff.role });
  }, "orders");
  const adminCall = adminRoute(async () => NextResponse.json({ ok: true }), "audit");
  const hidden = (path: string) => ({
    status: 404,
    code: "not_found",
    message: `Page not found: ${path}`,
    data: { status: 404 },
  });

  test("answers guests and customers with the ordinary 404, and never runs the handler", async () => {
    const db = getDb().db;
    const customer = await makeCustomer(db);
    for (const jar of [undefined, customer.jar]) {
      const res = await call(staffCall, "/api/admin/thing", { method: "POST", json: {}, jar, headers: SAME_ORIGIN });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(hidden("/api/admin/thing"));
    }
    expect(seen).toEqual([]);
  });

  test("lets staff in, and keeps admin calls from staff", async () => {
    const db = getDb().db;
    const staff = await makeStaff(db, "staff");
    const admin = await makeStaff(db, "admin");
    expect((await call(staffCall, "/api/admin/thing", { jar: staff.jar })).body).toEqual({ ok: true, role: "staff" });
    expect((await call(staffCall, "/api/admin/thing", { jar: admin.jar })).body).toEqual({ ok: true, role: "admin" });
    const refused = await call(adminCall, "/api/admin/staff", { jar: staff.jar });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual(hidden("/api/admin/staff"));
    expect((await call(adminCall, "/api/admin/staff", { jar: admin.jar })).status).toBe(200);
  });

  test("refuses a cross-site change before anything else", async () => {
    const staff = await makeStaff(getDb().db);
    const res = await call(staffCall, "/api/admin/thing", {
      method: "POST",
      json: {},
      jar: staff.jar,
      headers: { origin: "http://evil.example" },
    });
    expect(res.status).toBe(403);
  });

  test("rate limits changes per member of staff", async () => {
    const staff = await makeStaff(getDb().db);
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++)
      statuses.push(
        (await call(staffCall, "/api/admin/thing", { method: "POST", json: {}, jar: staff.jar, headers: SAME_ORIGIN }))
          .status,
      );
    expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
  });
});

describe("the proxy's guard of /admin pages", () => {
  const page = (path: string, token?: string) =>
    new NextRequest(new URL(path, "http://shop.test"), {
      headers: token ? { cookie: `${COOKIE.session}=${token}` } : {},
    });
  const rewrittenTo = (res: Response) =>
    res.headers.get("x-middleware-rewrite") ? new URL(res.headers.get("x-middleware-rewrite")!).pathname : null;

  test("sends someone signed out, or with an ended session, to sign in and back to the page", async () => {
    for (const [path, token] of [
      ["/admin", undefined],
      ["/admin/orders/12?tab=notes", undefined],
      ["/admin/orders", "a-session-that-ended"],
    ] as const) {
      const res = await adminGuard(page(path, token));
      expect([path, res.status, res.headers.get("location")]).toEqual([
        path,
        307,
        `http://shop.test/login?next=${encodeURIComponent(path)}`,
      ]);
    }
  });

  test("shows customers and too-low roles the not-found page with a 404", async () => {
    const db = getDb().db;
    const customer = await makeCustomer(db);
    const staff = await makeStaff(db, "staff");
    for (const [path, token] of [
      ["/admin/orders", customer.token],
      ["/admin/staff", staff.token],
      ["/admin/audit", staff.token],
    ] as const) {
      const res = await adminGuard(page(path, token));
      expect([path, res.status, rewrittenTo(res)]).toEqual([path, 404, `/_not-found${path}`]);
    }
  });

  test("answers 404 for a record that does not exist, before its page streams a 200", async () => {
    const db = getDb().db;
    const staff = await makeStaff(db, "staff");
    for (const path of [
      "/admin/orders/999999",
      "/admin/products/999999",
      "/admin/categories/0",
      "/admin/fabrics/oat",
      "/admin/coupons/import",
      "/admin/orders/new",
    ]) {
      const res = await adminGuard(page(path, staff.token));
      expect([path, res.status, rewrittenTo(res)]).toEqual([path, 404, `/_not-found${path}`]);
    }
    for (const path of ["/admin/products/new", "/admin/products/import", "/admin/coupons/new"]) {
      const res = await adminGuard(page(path, staff.token));
      expect([path, res.headers.get("x-middleware-next")]).toEqual([path, "1"]);
    }
  });

  test("lets staff through, never to be indexed or stored", async () => {
    const db = getDb().db;
    const staff = await makeStaff(db, "staff");
    const admin = await makeStaff(db, "admin");
    const order = await makeOrder(db, null);
    for (const [path, token] of [
      ["/admin", staff.token],
      [`/admin/orders/${order.id}`, staff.token],
      ["/admin/staff", admin.token],
    ] as const) {
      const res = await adminGuard(page(path, token));
      expect([path, res.headers.get("x-middleware-next")]).toEqual([path, "1"]);
      expect(res.headers.get("x-robots-tag")).toContain("noindex");
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
  });
});

describe("staff sessions", () => {
  test(`end STAFF_SESSION_HOURS after sign-in however active, while a customer's of the same age lives`, async () => {
    const db = getDb().db;
    const staff = await makeStaff(db);
    const customer = await makeCustomer(db);
    const nineHoursAgo = new Date(Date.now() - 9 * 3_600_000);
    for (const id of [staff.customer.id, customer.customer.id])
      await db.update(sessions).set({ createdAt: nineHoursAgo }).where(eq(sessions.customerId, id));
    expect(await readSession(db, staff.token)).toBeNull();
    expect(await readSession(db, customer.token)).not.toBeNull();
    const restore = setEnv({ STAFF_SESSION_HOURS: "10" });
    try {
      expect(await readSession(db, staff.token)).not.toBeNull();
    } finally {
      restore();
    }
  });

  test("end when the role is taken away, and the account is a customer again", async () => {
    const db = getDb().db;
    const admin = await makeStaff(db, "admin");
    const staff = await makeStaff(db, "staff");
    expect(await readSession(db, staff.token)).not.toBeNull();
    await revokeRole(adminContext(db, admin.staff), staff.customer.id);
    expect(await readSession(db, staff.token)).toBeNull();
    const [row] = await db.select().from(customers).where(eq(customers.id, staff.customer.id));
    expect(row!.role).toBe("customer");
  });
});

describe("staff management", () => {
  test("granting a role to a new address invites it, and makes no account", async () => {
    const db = getDb().db;
    const admin = await makeStaff(db, "admin");
    const email = `new.staff.${Date.now()}@example.co.za`;
    const result = await grantRole(adminContext(db, admin.staff), { email, role: "staff" });
    expect(result).toMatchObject({ kind: "invited", invitation: { email, role: "staff" } });
    expect(await db.select().from(customers).where(eq(customers.email, email))).toEqual([]);
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mail!.text).toContain("/staff-invitation#token=");
  });

  test("changing a member of staff's role ends the sessions they had under the old one", async () => {
    const db = getDb().db;
    const admin = await makeStaff(db, "admin");
    const staff = await makeStaff(db, "staff");
    const result = await grantRole(adminContext(db, admin.staff), { email: staff.email.toUpperCase(), role: "admin" });
    expect(result.kind).toBe("changed");
    expect(await readSession(db, staff.token)).toBeNull();
  });

  test("nobody changes their own role, and the last admin stays", async () => {
    const db = getDb().db;
    const admin = await makeStaff(db, "admin");
    await expect(revokeRole(adminContext(db, admin.staff), admin.customer.id)).rejects.toMatchObject({
      status: 409,
      code: "own_role",
    });
    await expect(grantRole(adminContext(db, admin.staff), { email: admin.email, role: "staff" })).rejects.toMatchObject(
      { status: 409, code: "own_role" },
    );
    const other = await makeStaff(db, "admin");
    await db.update(customers).set({ role: "customer" }).where(eq(customers.role, "admin"));
    await db.update(customers).set({ role: "admin" }).where(eq(customers.id, other.customer.id));
    await expect(revokeRole(adminContext(db, admin.staff), other.customer.id)).rejects.toMatchObject({
      status: 409,
      code: "last_admin",
    });
  });

  test("admin:create makes an admin, or promotes an account and sets its password", async () => {
    const db = getDb().db;
    const made = await createAdminAccount(db, `owner.${Date.now()}@example.co.za`, "Workshop-Owner-2026");
    expect([made.created, made.customer.role]).toEqual([true, "admin"]);
    const customer = await makeCustomer(db);
    const promoted = await createAdminAccount(db, customer.email, "Workshop-Owner-2026");
    expect([promoted.created, promoted.customer.role, promoted.customer.id]).toEqual([
      false,
      "admin",
      customer.customer.id,
    ]);
    expect(await readSession(db, customer.token)).toBeNull();
    await expect(createAdminAccount(db, "x@example.co.za", "short")).rejects.toMatchObject({ status: 400 });
  });
});

describe("the audit log", () => {
  test("keeps who, what changed (only that), and from where", async () => {
    const db = getDb().db;
    const staff = await makeStaff(db);
    await db.transaction((tx) =>
      recordAudit(tx, {
        staffId: staff.staff.id,
        action: "order.mark-paid",
        entity: "order",
        entityId: 42,
        before: { status: "on-hold", total: 100 },
        after: { status: "processing", total: 100 },
        ip: "192.0.2.7",
      }),
    );
    const [entry] = await db.select().from(adminAudit).orderBy(desc(adminAudit.id)).limit(1);
    expect(entry).toMatchObject({
      staffId: staff.staff.id,
      staffEmail: staff.email,
      action: "order.mark-paid",
      entity: "order",
      entityId: "42",
      before: { status: "on-hold" },
      after: { status: "processing" },
      ip: "192.0.2.7",
    });
  });

  test("is written with its change or not at all", async () => {
    const db = getDb().db;
    const staff = await makeStaff(db);
    const before = (await db.select().from(adminAudit)).length;
    await expect(
      db.transaction(async (tx) => {
        await recordAudit(tx, { staffId: staff.staff.id, action: "x", entity: "order", entityId: 1, ip: "" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect((await db.select().from(adminAudit)).length).toBe(before);
  });

  test("changedFields keeps only what differs", () => {
    expect(changedFields({ a: 1, b: 2 }, { a: 1, b: 3, c: 4 })).toEqual({
      before: { b: 2, c: null },
      after: { b: 3, c: 4 },
    });
    expect(changedFields(null, { a: 1 })).toEqual({ before: null, after: { a: 1 } });
  });
});
