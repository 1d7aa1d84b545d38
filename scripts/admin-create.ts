/**
 * `npm run admin:create -- --email you@example.co.za`: makes the shop's first admin, or makes an
 * existing account an admin. The password is asked for on a terminal (twice, not echoed) or read
 * from standard input, never from the command line, where other users and the shell's history
 * would see it.
 */
import { parseArgs } from "node:util";
import { Writable } from "node:stream";
import readline from "node:readline";
import { closeDb, getHandle } from "@/lib/db/client";
import { migrateDb } from "@/lib/db/migrate";
import { emailField } from "@/lib/auth/schemas";
import { createAdminAccount } from "@/lib/admin/staff";

const USAGE =
  "Usage: npm run admin:create -- --email you@example.co.za   (the password is asked for, or read from standard input)";

class UsageError extends Error {}

function askHidden(question: string): Promise<string> {
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = readline.createInterface({ input: process.stdin, output: muted, terminal: true });
  process.stdout.write(question);
  return new Promise((resolve) =>
    rl.question("", (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    }),
  );
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readStdin();
  const first = await askHidden("Password for the admin account: ");
  const again = await askHidden("The same password again: ");
  if (first !== again) throw new UsageError("The two passwords differ; nothing was changed.");
  return first;
}

async function main() {
  const { values } = parseArgs({
    options: { email: { type: "string" }, help: { type: "boolean", short: "h" } },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (!values.email) throw new UsageError(`--email is missing.\n${USAGE}`);
  const email = emailField.safeParse(values.email);
  if (!email.success) throw new UsageError(`"${values.email}" is not an e-mail address.`);
  const password = await readPassword();
  if (!password) throw new UsageError("No password was given; nothing was changed.");
  const { db, engine } = await getHandle();
  await migrateDb(db, engine);
  const { customer, created } = await createAdminAccount(db, email.data, password);
  console.log(
    `${created ? "Created" : "Promoted"} ${customer.email} as an admin (${engine}). Sign in at /login, then open /admin.`,
  );
}

main()
  .catch((err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    console.error(
      err instanceof UsageError || (err as { status?: number })?.status ? message : `admin:create failed: ${message}`,
    );
    process.exitCode = 1;
  })
  .finally(() => closeDb());
