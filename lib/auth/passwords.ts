import "server-only";
import fs from "node:fs";
import path from "node:path";
import { hash, verify } from "@node-rs/argon2";
import { ApiError } from "@/lib/api/errors";
import { PASSWORD_MIN_LENGTH } from "@/lib/auth/register-fields";

/* Password rules shared by registration, reset and change (OWASP ASVS 2.1). */

/** Long enough for any passphrase, short enough that hashing cannot be used to burn CPU. */
export const PASSWORD_MAX = 256;

const COMMON_FILE = path.join(process.cwd(), "lib", "auth", "common-passwords.txt");
let common: Set<string> | null = null;

function commonPasswords(): Set<string> {
  if (!common) {
    const lines = fs.readFileSync(COMMON_FILE, "utf8").split(/\r?\n/);
    common = new Set(lines.map((l) => l.trim().toLowerCase()).filter((l) => l && !l.startsWith("#")));
  }
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase());
}

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, email?: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH)
    return `Your password must be at least ${PASSWORD_MIN_LENGTH} characters long.`;
  if (password.length > PASSWORD_MAX) return `Your password must be at most ${PASSWORD_MAX} characters long.`;
  if (isCommonPassword(password))
    return "That password is one of the most common ones. Please choose something less easy to guess.";
  if (email && password.trim().toLowerCase() === email.trim().toLowerCase())
    return "Your password cannot be your e-mail address.";
  return null;
}

export function assertAcceptablePassword(password: string, email?: string, field = "password"): void {
  const problem = passwordProblem(password, email);
  if (problem) throw new ApiError(400, "weak_password", problem, { fields: { [field]: problem } });
}

/** argon2id at the library's defaults (19 MiB, 2 passes: OWASP's minimum). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;
/** Spends the same time as a real check, so an unknown e-mail cannot be told apart by timing. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummy ??= hash("kaya-living-timing-equaliser");
  await verifyPassword(await dummy, password);
  return false;
}
