/**
 * Staff access by invitation, on this run's engine: granting a role to an address only invites
 * it; whoever opens the e-mailed link and sets a new password gets the role. Someone who
 * registered the address first keeps neither their password nor their sessions.
 */
import { createHash } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { call, CookieJar } from "@/test/support/api-client";
import { adminAudit, customers, mailOutbox, passwordResetCodes, sessions, staffInvitations } from "@/lib/db/schema";
import { latestMail } from "@/lib/mail/mail";
import { RESET_CODE_KIND } from "@/lib/mail/templates/reset-code";
import { STAFF_INVITATION_KIND } from "@/lib/mail/templates/staff-invitation";
import { readSession } from "@/lib/auth/session";
import { sendResetCode } from "@/lib/auth/password-reset";
import { setEnv } from "@/lib/config/set-env";
import { COOKIE } from "@/lib/http/cookie-names";
import { GOOD_PASSWORD, OTHER_PASSWORD, ipHeaders, makeCustomer, registration, uniqueEmail } from "@/test/support/auth";
import { adminContext, makeStaff, SAME_ORIGIN, type TestStaff } from "@/test/support/admin";
import { grantRole } from "@/lib/admin/staff";
import {
  acceptInvitation,
  hashInvitationToken,
  inviteStaff,
  LINK_REFUSALS,
  listPendingInvitations,
  resendInvitation,
  viewInvitation,
  withdrawInvitation,
} from "@/lib/admin/invitations";
import { formatLongDateTime } from "@/lib/admin/format";
import { POST as register } from "@/app/api/register/route";
import { POST as login } from "@/app/api/login/route";
import { POST as grant } from "@/app/api/admin/staff/route";
import { GET as adminOrders } from "@/app/api/admin/orders/route";
import { POST as viewLink } from "@/app/api/staff-invitation/route";
import { POST as acceptLink } from "@/app/api/staff-invitation-accept/route";

const testDb = setupTestDb({ seed: false });

const NEW_PASSWORD = "Workshop-Bench-Oak-42";
const CLIENT = { ip: "192.0.2.50", userAgent: "jest" };
const DAY = 86_400_000;
/** A fixed moment, so expiry is tested on any date. */
const NOW = new Date("2026-03-02T08:00:00Z");

type Body = Record<string, unknown> & { code?: string; message?: string };

async function invitationMail(email: string): Promise<typeof mailOutbox.$inferSelect> {
  const [mail] = await latestMail(testDb().db, { to: email, kind: STAFF_INVITATION_KIND, limit: 100 });
  if (!mail) throw new Error(`no invitation mail to ${email}`);
  return mail;
}

/** The token of the newest invitation mailed to `email`, read from its link as the invitee would. */
async function mailedToken(email: string): Promise<string> {
  const match = /\/staff-invitation#token=([\w-]+)/.exec((await invitationMail(email)).text);
  if (!match) throw new Error("no invitation link in the mail");
  return decodeURIComponent(match[1]!);
}

const adminCan = (jar: CookieJar) => call(adminOrders, "/api/admin/orders", { jar });
const signIn = (email: string, password: string) =>
  call<Body>(login, "/api/login", { json: { email, password }, headers: ipHeaders() });
const accept = (json: Record<string, unknown>, jar = new CookieJar()) =>
  call<Body>(acceptLink, "/api/staff-invitation-accept", { json, jar, headers: { ...SAME_ORIGIN, ...ipHeaders() } });

async function accountOf(email: string) {
  const [row] = await testDb().db.select().from(customers).where(eq(customers.email, email.toLowerCase()));
  return row ?? null;
}

describe("the pre-registration attack", () => {
  test("an account registered before the invitation gets no back office, and loses its password and sessions when the real person accepts", async () => {
    const { db } = testDb();
    const owner = await makeStaff(db, "admin");
    const email = uniqueEmail("new.hire");

    // The attacker registers the address first, with a password of their own.
    const attacker = new CookieJar();
    const registered = await call(register, "/api/register", {
      json: registration({ email, password: GOOD_PASSWORD }),
      jar: attacker,
      headers: { ...SAME_ORIGIN, ...ipHeaders() },
    });
    expect(registered.status).toBe(201);

    // The owner gives the address staff access.
    const granted = await call<Body>(grant, "/api/admin/staff", {
      json: { email, role: "staff" },
      jar: owner.jar,
      headers: SAME_ORIGIN,
    });
    expect(granted.status).toBeLessThan(300);

    // Neither the attacker's session nor a fresh sign-in with their password opens the back office.
    expect((await adminCan(attacker)).status).toBe(404);
    const again = await signIn(email, GOOD_PASSWORD);
    expect(again.status).toBe(200);
    const attackerAgain = new CookieJar();
    attackerAgain.set(COOKIE.session, String(again.body.token));
    expect((await adminCan(attackerAgain)).status).toBe(404);
    expect((await accountOf(email))!.role).toBe("customer");
    expect(granted.status).toBe(201);
    expect(granted.body).toMatchObject({ invited: true });

    // The real person accepts from their mailbox and is in the back office.
    const newHire = new CookieJar();
    const accepted = await accept({ token: await mailedToken(email), password: NEW_PASSWORD }, newHire);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ success: true, role: "staff", next: "/admin" });
    expect((await adminCan(newHire)).status).toBe(200);

    // The attacker's sessions are over and their password no longer works.
    expect((await adminCan(attacker)).status).toBe(404);
    expect(await readSession(db, attacker.get(COOKIE.session))).toBeNull();
    expect(await readSession(db, attackerAgain.get(COOKIE.session))).toBeNull();
    expect((await signIn(email, GOOD_PASSWORD)).status).toBe(401);
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);
  });

  test("granting a role to a customer's address changes nothing on the account until the link is used", async () => {
    const { db } = testDb();
    const owner = await makeStaff(db, "admin");
    const customer = await makeCustomer(db);
    const before = await accountOf(customer.email);
    const result = await grantRole(adminContext(db, owner.staff), {
      email: customer.email.toUpperCase(),
      role: "admin",
    });
    expect(await accountOf(customer.email)).toEqual(before);
    expect(await readSession(db, customer.token)).not.toBeNull();
    expect(result.kind).toBe("invited");
  });

  test("a new address gets no account until it accepts", async () => {
    const { db } = testDb();
    const owner = await makeStaff(db, "admin");
    const email = uniqueEmail("nobody.yet");
    await grantRole(adminContext(db, owner.staff), { email, role: "staff" });
    expect(await accountOf(email)).toBeNull();
  });
});

describe("accepting an invitation", () => {
  test("makes the account with the new password and optional name, signed in with a fresh session", async () => {
    const { db } = testDb();
    const owner = await makeStaff(db, "admin");
    const email = uniqueEmail("lwazi");
    await inviteStaff(adminContext(db, owner.staff), { email, role: "staff" });
    const jar = new CookieJar();
    const res = await accept({ token: await mailedToken(email), password: NEW_PASSWORD, first_name: "Lwazi" }, jar);
    expect(res.status).toBe(200);
    const account = await accountOf(email);
    expect(account).toMatchObject({ role: "staff", firstName: "Lwazi", lastName: "" });
    const session = await readSession(db, jar.get(COOKIE.session));
    expect(session?.customer.id).toBe(account!.id);
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);
  });

  test("replaces an existing account's password, ends its sessions and kills its reset codes", async () => {
    const { db } = testDb();
    const owner = await makeStaff(db, "admin");
    const customer = await makeCustomer(db);
    await sendResetCode(db, customer.email, "192.0.2.77");
    await inviteStaff(adminContext(db, owner.staff), { email: customer.email, role: "admin" });
    const res = await accept({ token: await mailedToken(customer.email), password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(await accountOf(customer.email)).toMatchObject({ id: customer.customer.id, role: "admin" });
    expect(await readSession(db, customer.token)).toBeNull();
    const live = await db
      .select()
      .from(passwordResetCodes)
      .where(and(eq(passwordResetCodes.customerId, customer.customer.id), isNull(passwordResetCodes.usedAt)));
    expect(live).toEqual([]);
    expect((await signIn(customer.email, GOOD_PASSWORD)).status).toBe(401);
  });

  test("refuses a weak password with a 400 naming it, and the invitation stays open", async () => {
    const { db } = testDb();
    const owner = await makeStaff(db, "admin");
    const email = uniqueEmail("weak");
    await inviteStaff(adminContext(db, owner.staff), { email, role: "staff" });
    const token = await mailedToken(email);
    const res = await accept({ token, password: "password" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "weak_password", data: { fields: { password: expect.any(String) } } });
    expect(await accountOf(email)).toBeNull();
    expect((await accept({ token, password: NEW_PASSWORD })).status).toBe(200);
  });

  test("refuses a name that is not one, and a missing token, with a 400 naming the field", async () => {
    const { db } = testDb();
    const owner = await makeStaff(db, "admin");
    const email = uniqueEmail("named");
    await inviteStaff(adminContext(db, owner.staff), { email, role: "staff" });
    const token = await mailedToken(email);
    const badName = await accept({ token, password: NEW_PASSWORD, first_name: "<script>" });
    expect(badName.status).toBe(400);
    expect(badName.body).toMatchObject({ data: { fields: { first_name: "Invalid Name" } } });
    const noToken = await accept({ password: NEW_PASSWORD });
    expect(noToken.status).toBe(400);
    expect(noToken.body).toMatchObject({ data: { fields: { token: expect.stringContaining("link") } } });
    expect(await accountOf(email)).toBeNull();
  });

  test("never lowers an admin: an account that became admin meanwhile stays admin", async () => {
    const { db } = testDb();
    const owner = await makeStaff(db, "admin");
    const customer = await makeCustomer(db);
    await inviteStaff(adminContext(db, owner.staff), { email: customer.email, role: "staff" });
    await db.update(customers).set({ role: "admin" }).where(eq(customers.id, customer.customer.id));
    expect((await accept({ token: await mailedToken(customer.email), password: NEW_PASSWORD })).status).toBe(200);
    expect((await accountOf(customer.email))!.role).toBe("admin");
  });
});

describe("an invitation's link", () => {
  let owner: TestStaff;
  beforeAll(async () => {
    owner = await makeStaff(testDb().db, "admin");
  });
  const invite = async (email: string, now = NOW) => {
    await inviteStaff(adminContext(testDb().db, owner.staff), { email, role: "staff" }, now);
    return mailedToken(email);
  };
  const refusedWith = async (token: string, state: keyof typeof LINK_REFUSALS, now = NOW) => {
    const { db } = testDb();
    const r = LINK_REFUSALS[state];
    await expect(viewInvitation(db, token, CLIENT.ip, now)).rejects.toMatchObject(r);
    await expect(acceptInvitation(db, { token, password: NEW_PASSWORD }, CLIENT, now)).rejects.toMatchObject(r);
  };

  test("works once", async () => {
    const email = uniqueEmail("once");
    const token = await invite(email);
    await acceptInvitation(testDb().db, { token, password: NEW_PASSWORD }, CLIENT, NOW);
    await refusedWith(token, "accepted");
  });

  test("accepted twice at once: one wins, the other is told it was used", async () => {
    const { db } = testDb();
    const email = uniqueEmail("race");
    const token = await invite(email);
    const results = await Promise.allSettled([
      acceptInvitation(db, { token, password: NEW_PASSWORD }, CLIENT, NOW),
      acceptInvitation(db, { token, password: OTHER_PASSWORD }, CLIENT, NOW),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(lost.reason).toMatchObject(LINK_REFUSALS.accepted);
    const live = await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.customerId, (await accountOf(email))!.id), isNull(sessions.revokedAt)));
    expect(live).toHaveLength(1);
  });

  test(`expires STAFF_INVITATION_DAYS after it was sent (7 by default)`, async () => {
    const { db } = testDb();
    const token = await invite(uniqueEmail("late"));
    const [row] = await db.select().from(staffInvitations).orderBy(desc(staffInvitations.id)).limit(1);
    expect(row!.expiresAt.getTime() - NOW.getTime()).toBe(7 * DAY);
    await refusedWith(token, "expired", new Date(NOW.getTime() + 7 * DAY));
    expect((await viewInvitation(db, token, CLIENT.ip, new Date(NOW.getTime() + 7 * DAY - 60_000))).email).toBe(
      row!.email,
    );

    const restore = setEnv({ STAFF_INVITATION_DAYS: "2" });
    try {
      const short = await invite(uniqueEmail("short"));
      await refusedWith(short, "expired", new Date(NOW.getTime() + 2 * DAY));
    } finally {
      restore();
    }
  });

  test("stops working when withdrawn, and leaves the pending list", async () => {
    const { db } = testDb();
    const email = uniqueEmail("withdrawn");
    const token = await invite(email);
    const [pending] = (await listPendingInvitations(db, NOW)).filter((i) => i.email === email);
    expect(pending).toMatchObject({ email, role: "staff", invitedBy: owner.staff.name, expired: false });
    await withdrawInvitation(adminContext(db, owner.staff), pending!.id, NOW);
    await refusedWith(token, "withdrawn");
    expect((await listPendingInvitations(db, NOW)).map((i) => i.email)).not.toContain(email);
    await expect(withdrawInvitation(adminContext(db, owner.staff), pending!.id, NOW)).rejects.toMatchObject({
      status: 404,
      code: "invitation_not_found",
    });
    expect(await accountOf(email)).toBeNull();
  });

  test("stops working when the address is invited again, or the invitation is resent", async () => {
    const { db } = testDb();
    const email = uniqueEmail("again");
    const first = await invite(email);
    const second = await invite(email);
    expect(second).not.toBe(first);
    await refusedWith(first, "replaced");
    const [pending] = (await listPendingInvitations(db, NOW)).filter((i) => i.email === email);
    const later = new Date(NOW.getTime() + 6 * DAY);
    const resent = await resendInvitation(adminContext(db, owner.staff), pending!.id, later);
    expect(resent.expiresAt.getTime()).toBe(later.getTime() + 7 * DAY);
    const third = await mailedToken(email);
    expect(third).not.toBe(second);
    await refusedWith(second, "replaced", later);
    expect((await listPendingInvitations(db, later)).filter((i) => i.email === email)).toHaveLength(1);
    await acceptInvitation(db, { token: third, password: NEW_PASSWORD }, CLIENT, later);
    expect((await accountOf(email))!.role).toBe("staff");
  });

  test("an unknown token is told so, with the same friendly words and no detail", async () => {
    await refusedWith("x".repeat(43), "unknown");
    const res = await call<Body>(viewLink, "/api/staff-invitation", {
      json: { token: "not-a-real-token" },
      headers: { ...SAME_ORIGIN, ...ipHeaders() },
    });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      code: "invitation_unknown",
      message: expect.stringMatching(/ask the shop owner/),
    });
  });

  test("is kept only as a hash: the token is in no column of the invitation or the audit log", async () => {
    const { db } = testDb();
    const email = uniqueEmail("hashed");
    const token = await invite(email);
    const [row] = await db.select().from(staffInvitations).where(eq(staffInvitations.email, email));
    expect(row!.tokenHash).toBe(createHash("sha256").update(`staff-invitation:${token}`).digest("hex"));
    expect(row!.tokenHash).toBe(hashInvitationToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const audit = await db.select().from(adminAudit).where(eq(adminAudit.entity, "staff-invitation"));
    expect(JSON.stringify(audit)).not.toContain(token);
  });

  test("shows its holder the invitation: address, role, who sent it, until when, and whether an account exists", async () => {
    const { db } = testDb();
    const customer = await makeCustomer(db, { first_name: "Ayanda" });
    // The call reads the clock, so this invitation is sent now.
    const token = await invite(customer.email, new Date());
    const res = await call<Body>(viewLink, "/api/staff-invitation", {
      json: { token },
      headers: { ...SAME_ORIGIN, ...ipHeaders() },
    });
    expect(res.status).toBe(200);
    expect(res.response.headers.get("cache-control")).toContain("no-store");
    expect(res.body).toMatchObject({
      email: customer.email.toLowerCase(),
      role: "staff",
      invited_by: owner.staff.name,
      account: { first_name: "Ayanda" },
    });
  });
});

describe("the invitation e-mail", () => {
  test("is its own message with a link, not the password-reset code", async () => {
    const { db } = testDb();
    const owner = await makeStaff(db, "admin");
    const email = uniqueEmail("mail");
    const invitation = await inviteStaff(adminContext(db, owner.staff), { email, role: "admin" }, NOW);
    const mail = await invitationMail(email);
    expect(mail.kind).toBe(STAFF_INVITATION_KIND);
    expect(mail.subject).toContain("back office");
    expect(mail.text).toContain(owner.staff.name);
    expect(mail.text).toContain("Kaya Living");
    expect(mail.text).toContain("Admin");
    expect(mail.text).toContain(formatLongDateTime(invitation.expiresAt));
    expect(mail.text).toContain("South African time");
    expect(mail.text).toMatch(/https?:\/\/[^\s]+\/staff-invitation#token=[\w-]{43}/);
    expect(mail.text).not.toMatch(/\b\d{6}\b/);
    expect((await latestMail(db, { to: email, limit: 100 })).map((m) => m.kind)).toEqual([STAFF_INVITATION_KIND]);
    expect(mail.kind).not.toBe(RESET_CODE_KIND);
  });
});

describe("staff management", () => {
  test("someone who is staff already changes role at once, and is signed out", async () => {
    const { db } = testDb();
    const owner = await makeStaff(db, "admin");
    const staff = await makeStaff(db, "staff");
    const result = await grantRole(adminContext(db, owner.staff), { email: staff.email, role: "admin" });
    expect(result).toMatchObject({ kind: "changed", staff: { id: staff.customer.id, role: "admin" } });
    expect(await readSession(db, staff.token)).toBeNull();
    await expect(grantRole(adminContext(db, owner.staff), { email: staff.email, role: "admin" })).rejects.toMatchObject(
      { status: 409, code: "role_unchanged" },
    );
  });

  test("invite, resend, withdraw and accept are in the audit log, with who did them", async () => {
    const { db } = testDb();
    const owner = await makeStaff(db, "admin");
    const ctx = adminContext(db, owner.staff);
    const a = uniqueEmail("audited");
    const b = uniqueEmail("audited");
    const first = await inviteStaff(ctx, { email: a, role: "staff" });
    const resent = await resendInvitation(ctx, first.id);
    await acceptInvitation(db, { token: await mailedToken(a), password: NEW_PASSWORD }, CLIENT);
    const other = await inviteStaff(ctx, { email: b, role: "staff" });
    await withdrawInvitation(ctx, other.id);
    const account = await accountOf(a);
    const entries = await db.select().from(adminAudit).orderBy(adminAudit.id);
    const mine = entries.filter(
      (e) =>
        (e.entity === "staff-invitation" && [first.id, resent.id, other.id].includes(Number(e.entityId))) ||
        (e.entity === "staff" && Number(e.entityId) === account!.id),
    );
    expect(mine.map((e) => [e.action, e.staffId])).toEqual([
      ["staff.invite", owner.staff.id],
      ["staff.invite-resend", owner.staff.id],
      ["staff.accept", account!.id],
      ["staff.invite", owner.staff.id],
      ["staff.invite-withdraw", owner.staff.id],
    ]);
  });
});
