import { staffInvitationEmail, STAFF_INVITATION_KIND } from "@/lib/mail/templates/staff-invitation";
import { RESET_CODE_KIND } from "@/lib/mail/templates/reset-code";
import { escapeHtml } from "@/lib/mail/templates/layout";

describe("staff invitation e-mail", () => {
  const opts = {
    to: "lwazi@example.co.za",
    invitedBy: "Nomsa Dlamini",
    role: "staff" as const,
    url: "https://kaya.example/staff-invitation#token=abc_DEF-123",
    expires: "Friday, 4 December 2026 at 21:10",
    shopUrl: "https://kaya.example",
  };
  const mail = staffInvitationEmail(opts);

  test("is its own kind of message, not the password-reset code", () => {
    expect(mail.kind).toBe(STAFF_INVITATION_KIND);
    expect(mail.kind).not.toBe(RESET_CODE_KIND);
    expect(mail.subject).toBe("Nomsa Dlamini invited you to the Kaya Living back office");
  });

  test("says who invited them, to which shop, the role, until when, and carries the link", () => {
    expect(mail.text).toContain("Nomsa Dlamini has invited you to help run Kaya Living (https://kaya.example)");
    expect(mail.text).toContain("the role Staff: orders, products, coupons, reviews and marketing");
    expect(mail.text).toContain("until Friday, 4 December 2026 at 21:10 (South African time)");
    expect(mail.text).toContain("Accept the invitation: https://kaya.example/staff-invitation#token=abc_DEF-123");
    expect(mail.text).not.toMatch(/<[a-z]/i);
    expect(mail.html).toContain('href="https://kaya.example/staff-invitation#token=abc_DEF-123"');
    expect(mail.html).toContain('lang="en-ZA"');
  });

  test("an admin invitation names what an admin opens", () => {
    expect(staffInvitationEmail({ ...opts, role: "admin" }).text).toContain(
      "the role Admin: everything staff do, plus managing staff",
    );
  });

  test("the inviter's name is escaped in HTML", () => {
    const evil = staffInvitationEmail({ ...opts, invitedBy: "<img src=x onerror=alert(1)>" });
    expect(evil.html).not.toContain("<img src=x");
    expect(evil.html).toContain(escapeHtml("<img src=x onerror=alert(1)>"));
  });
});
