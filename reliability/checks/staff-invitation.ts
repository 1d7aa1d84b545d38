import { readSpool } from "@/lib/mail/spool";
import type { Answer } from "../support/http";
import { Customer, PASSWORD, uniqueEmail } from "../support/shopper";
import { runCheck, type CheckResult, type RunContext } from "../support/context";

const NEW_PASSWORD = "Workshop-Bench-Oak-42";
const SESSION_COOKIE = /kaya_session=([^;]+)/;

type Probe = { what: string; expected: string; answer: Answer; ok: boolean };

/**
 * The pre-registration attack on staff access, over HTTP against the production build: an
 * attacker registers an address before the owner gives it staff access, and must get nothing
 * from it, before or after the real person accepts the e-mailed invitation.
 */
export async function staffInvitation(ctx: RunContext): Promise<CheckResult> {
  return runCheck(
    ctx,
    "Staff by invitation",
    "An attacker registers new.hire@… first; the owner (an admin) then invites that address as staff. The attacker tries /admin and an admin call with their session and with a fresh sign-in (refused: an invitation promotes nobody). The real person accepts from the link in the mail spool and reaches the back office; then the attacker's password and both of their sessions must fail, and the used link must be refused.",
    async (figures, findings) => {
      const client = ctx.client();
      const owner = await new Customer(client).register();
      const attacker = new Customer(client);
      attacker.email = uniqueEmail("new.hire");
      await attacker.register();
      // As `npm run admin:create` makes the shop's first admin, on the server itself.
      await ctx.withSql((sql) => sql.query("update customers set role = 'admin' where id = $1", [owner.id]));

      const probes: Probe[] = [];
      const probe = (what: string, expected: string, answer: Answer, ok: (a: Answer) => boolean) =>
        probes.push({ what, expected, answer, ok: ok(answer) });
      const is =
        (...statuses: number[]) =>
        (a: Answer) =>
          statuses.includes(a.status);
      const as = (token: string) => ({ cookie: `kaya_session=${token}`, ...attacker.ip });
      const adminPage = (token: string) =>
        client.send({ path: "/admin", headers: { ...as(token), accept: "text/html" } });
      const adminCall = (token: string) => client.send({ path: "/api/admin/orders", headers: as(token) });
      const signIn = (password: string) =>
        client.send({ path: "/api/login", json: { email: attacker.email, password }, headers: attacker.ip });
      const sessionLives = (token: string) =>
        client.send({ path: "/api/refresh-token", json: { token }, headers: attacker.ip });

      const invited = await client.send({
        path: "/api/admin/staff",
        json: { email: attacker.email, role: "staff" },
        headers: owner.cookie,
      });
      if (invited.status !== 201) throw new Error(`the invitation answered ${invited.status}: ${invited.text}`);

      probe("the attacker's session opens /admin", "404", await adminPage(attacker.token), is(404));
      probe("the attacker's session calls GET /api/admin/orders", "404", await adminCall(attacker.token), is(404));
      const again = await signIn(PASSWORD);
      const secondToken = (again.json as { token?: string } | undefined)?.token ?? "";
      probe("the attacker signs in again with their password", "200, as a customer", again, is(200));
      probe("…and with that session opens /admin", "404", await adminPage(secondToken), is(404));
      probe("…and calls GET /api/admin/orders", "404", await adminCall(secondToken), is(404));

      const mail = readSpool(ctx.shop.options.mailDir, { to: attacker.email, limit: 20 })
        .reverse()
        .find((m) => m.kind === "staff-invitation");
      const token = mail ? /\/staff-invitation#token=([\w-]+)/.exec(mail.text)?.[1] : undefined;
      if (!token) throw new Error("no invitation link in the mail spool");

      const accepted = await client.send({
        path: "/api/staff-invitation-accept",
        json: { token, password: NEW_PASSWORD, first_name: "Lwazi" },
        headers: { "x-forwarded-for": "10.250.0.1" },
      });
      const newHire = SESSION_COOKIE.exec(String(accepted.headers["set-cookie"] ?? ""))?.[1] ?? "";
      probe("the real person accepts the link from the mail", "200 with a session", accepted, (a) => {
        return a.status === 200 && newHire !== "";
      });
      probe("the new member of staff calls GET /api/admin/orders", "200", await adminCall(newHire), is(200));
      probe("the new member of staff opens /admin", "200", await adminPage(newHire), is(200));

      probe("the attacker signs in with their old password", "401", await signIn(PASSWORD), is(401));
      probe("the attacker's first session is alive", "401", await sessionLives(attacker.token), is(401));
      probe("the attacker's second session is alive", "401", await sessionLives(secondToken), is(401));
      probe(
        "the attacker's first session calls GET /api/admin/orders",
        "404",
        await adminCall(attacker.token),
        is(404),
      );
      probe(
        "the used link is accepted again (another password)",
        "410 invitation_used",
        await client.send({
          path: "/api/staff-invitation-accept",
          json: { token, password: "Another-Password-Tried-9" },
          headers: attacker.ip,
        }),
        (a) => a.status === 410 && (a.json as { code?: string } | undefined)?.code === "invitation_used",
      );
      probe(
        "the used link is opened again",
        "410",
        await client.send({ path: "/api/staff-invitation", json: { token }, headers: attacker.ip }),
        is(410),
      );

      const bad = probes.filter((p) => !p.ok);
      for (const p of bad)
        findings.push(`${p.what}: expected ${p.expected}, answered ${p.answer.status} ${p.answer.text.slice(0, 160)}`);
      figures.push(client.stats.summary());
      figures.push(`${probes.length} probes, ${probes.length - bad.length} answered as expected`);
      figures.push(`answers: ${probes.map((p) => `${p.what} → ${p.answer.status}`).join("; ")}`);
      return bad.length === 0;
    },
  );
}
