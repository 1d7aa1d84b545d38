import { csvRecords, formulaCells } from "@/test/support/admin-csv";
import { freshAddress, isContractError, type Answer } from "../support/http";
import { uniqueEmail } from "../support/shopper";
import { runCheck, type CheckResult, type RunContext } from "../support/context";

/** What an attacker writes into the contact form, hoping a member of staff opens the export. */
const HOSTILE = 'Lerato;=HYPERLINK("http://evil.example","x")';

type AuditEntry = { id: number; action: string; entity: string; after: { filter?: object; rows?: number } | null };

export async function adminData(ctx: RunContext): Promise<CheckResult> {
  return runCheck(
    ctx,
    "Back-office personal data",
    "An admin made with `npm run admin:create` signs in. A shopper sends a contact message whose text holds formulas after separators (`;=HYPERLINK(…)`, `=1+1`, `@SUM(1)` on new lines). The admin reads the messages as JSON and the orders page as HTML: each read must be one audit entry with its filter and row count. Then the messages export is tried as a GET (an image or a link would make one) and as a POST from another site's page: both refused, nothing logged. The same POST from the shop's own page downloads the CSV: one audit entry, every cell quoted, no piece of it a formula whether read by RFC 4180 or split at `,` `;` tab or a line break. The old `?format=csv` address downloads and logs nothing.",
    async (figures, findings) => {
      const client = ctx.client();
      const fail = (what: string) => findings.push(what);
      const email = uniqueEmail("owner");
      const password = "Reliability-Owner-2026";
      const made = Date.now();
      await ctx.createAdmin(email, password);
      figures.push(`an admin made with \`npm run admin:create\` in ${((Date.now() - made) / 1000).toFixed(1)} s`);

      const ip = freshAddress();
      const login = await client.send({ path: "/api/login", json: { email, password }, headers: ip });
      const token = /kaya_session=([^;]+)/.exec(String(login.headers["set-cookie"] ?? ""))?.[1];
      if (login.status !== 200 || !token) throw new Error(`the admin's sign-in answered ${login.status}`);
      const admin = { cookie: `kaya_session=${token}`, ...ip };
      const own = { origin: ctx.shop.url, "sec-fetch-site": "same-origin" };

      const marker = `export.${Date.now().toString(36)}@example.co.za`;
      const sent = await client.send({
        path: "/api/contact",
        json: { name: "Lerato Mokoena", email: marker, message: `Hello\n${HOSTILE}\n=1+1\n@SUM(1)` },
        headers: freshAddress(),
      });
      if (sent.status >= 300)
        throw new Error(`the contact message answered ${sent.status}: ${sent.text.slice(0, 200)}`);

      const audit = async (entity: string): Promise<AuditEntry[]> => {
        const res = await client.send({ path: `/api/admin/audit?entity=${entity}`, headers: admin });
        if (res.status !== 200) throw new Error(`the audit log answered ${res.status}`);
        return (res.json as { entries: AuditEntry[] }).entries;
      };
      /** What one step adds to the log about a list. */
      const added = async (entity: string, step: () => Promise<Answer>) => {
        const before = (await audit(entity))[0]?.id ?? 0;
        const answer = await step();
        return { answer, entries: (await audit(entity)).filter((e) => e.id > before) };
      };

      const json = await added("contact_messages", () =>
        client.send({ path: `/api/admin/marketing/messages?q=${encodeURIComponent(marker)}`, headers: admin }),
      );
      const jsonEntry = json.entries[0];
      if (json.answer.status !== 200) fail(`the messages list answered ${json.answer.status}`);
      if (json.entries.length !== 1 || jsonEntry?.action !== "list.read" || jsonEntry.after?.rows !== 1)
        fail(`a JSON list read left ${JSON.stringify(json.entries)} in the audit log, not one list.read of 1 row`);

      const page = await added("orders", () =>
        client.send({ path: "/admin/orders?status=on-hold", headers: { ...admin, accept: "text/html" } }),
      );
      if (page.answer.status !== 200) fail(`the orders page answered ${page.answer.status}`);
      if (page.entries.length !== 1 || page.entries[0]?.action !== "list.read")
        fail(`the orders page left ${JSON.stringify(page.entries)} in the audit log, not one list.read`);
      figures.push(
        `a JSON list read and a list page: ${json.entries.length} and ${page.entries.length} audit entries (${JSON.stringify(jsonEntry?.after)}; ${JSON.stringify(page.entries[0]?.after)})`,
      );

      const exportPath = "/api/admin/marketing/messages/export";
      const refused: Array<[string, number, Awaited<ReturnType<typeof added>>]> = [
        [
          "GET export (an image on the shop's own page)",
          405,
          await added("contact_messages", () =>
            client.send({
              path: `${exportPath}?q=${encodeURIComponent(marker)}`,
              headers: { ...admin, "sec-fetch-site": "same-origin", "sec-fetch-dest": "image" },
            }),
          ),
        ],
        [
          "POST export from another site's page",
          403,
          await added("contact_messages", () =>
            client.send({
              path: exportPath,
              form: { q: marker },
              headers: { ...admin, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
            }),
          ),
        ],
        [
          "the old GET ?format=csv",
          400,
          await added("contact_messages", () =>
            client.send({
              path: `/api/admin/marketing/messages?format=csv&q=${encodeURIComponent(marker)}`,
              headers: admin,
            }),
          ),
        ],
      ];
      for (const [what, status, r] of refused) {
        const ok = r.answer.status === status && isContractError(r.answer) && r.entries.length === 0;
        figures.push(`${what}: ${r.answer.status}, ${r.entries.length} audit entries`);
        if (!ok)
          fail(`${what} answered ${r.answer.status} (expected ${status}) and logged ${r.entries.length} entries`);
      }

      const started = Date.now();
      const exported = await added("contact_messages", () =>
        client.send({ path: exportPath, form: { q: marker }, headers: { ...admin, ...own } }),
      );
      const ms = Date.now() - started;
      const csv = exported.answer.text;
      if (exported.answer.status !== 200 || !/^text\/csv/.test(String(exported.answer.headers["content-type"])))
        fail(`the same-origin export answered ${exported.answer.status} ${exported.answer.headers["content-type"]}`);
      if (
        !/^attachment; filename="kaya-contact-messages-\d{4}-\d{2}-\d{2}\.csv"$/.test(
          String(exported.answer.headers["content-disposition"]),
        )
      )
        fail(`the export's Content-Disposition is ${exported.answer.headers["content-disposition"]}`);
      const formulas = formulaCells(csv);
      if (formulas.length) fail(`the export holds pieces a spreadsheet would run: ${JSON.stringify(formulas)}`);
      const [row] = csvRecords(csv);
      if (row?.Message !== `Hello\nLerato;'=HYPERLINK("http://evil.example","x")\n'=1+1\n'@SUM(1)`)
        fail(`the hostile message was exported as ${JSON.stringify(row?.Message)}`);
      const unquoted = csv
        .replace(/^\uFEFF/, "")
        .split("\r\n")
        .filter(Boolean)
        .filter((line) => !line.startsWith('"') || !line.endsWith('"'));
      if (unquoted.length) fail(`lines of the export with an unquoted cell: ${JSON.stringify(unquoted)}`);
      const entry = exported.entries[0];
      if (exported.entries.length !== 1 || entry?.action !== "export.csv" || entry.after?.rows !== 1)
        fail(`the export left ${JSON.stringify(exported.entries)} in the audit log, not one export.csv of 1 row`);
      figures.push(
        `the same-origin export: ${exported.answer.status} in ${ms} ms, ${csvRecords(csv).length} row, ${formulas.length} formula pieces, ${exported.entries.length} audit entry (${JSON.stringify(entry?.after)})`,
      );
      return findings.length === 0;
    },
  );
}
