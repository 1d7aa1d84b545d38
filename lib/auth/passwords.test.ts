import { PASSWORD_MIN_LENGTH } from "@/lib/auth/register-fields";
import fs from "node:fs";
import path from "node:path";
import { hashPassword, isCommonPassword, passwordProblem, verifyPassword } from "@/lib/auth/passwords";

describe("password rules", () => {
  test("the common-password list holds at least a thousand distinct entries", () => {
    const lines = fs
      .readFileSync(path.join(process.cwd(), "lib/auth/common-passwords.txt"), "utf8")
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith("#"));
    expect(new Set(lines.map((l) => l.toLowerCase())).size).toBeGreaterThanOrEqual(1000);
  });

  test.each(["password", "PASSWORD1", "iloveyou", "12345678", "qwertyuiop", "sunshine", "trustno1", " football "])(
    "refuses the common password %p",
    (p) => {
      expect(isCommonPassword(p)).toBe(true);
      expect(passwordProblem(p.padEnd(8, "1"))).not.toBeNull();
    },
  );

  test("a reasonable password passes", () => {
    expect(passwordProblem("Stoep-Sunset-1981")).toBeNull();
    expect(passwordProblem("correct horse battery staple")).toBeNull();
  });

  test(`needs at least ${PASSWORD_MIN_LENGTH} characters and at most 256`, () => {
    expect(passwordProblem("Ab3$xyz")).toMatch(/at least 8/);
    expect(passwordProblem("Ab3$xyzQ")).toBeNull();
    expect(passwordProblem("x".repeat(257))).toMatch(/at most/);
  });

  test("cannot be the e-mail address", () => {
    expect(passwordProblem("thandi@example.co.za", "Thandi@Example.co.za")).toMatch(/e-mail/);
  });

  test("hashes with argon2id and verifies only the right password", async () => {
    const hash = await hashPassword("Stoep-Sunset-1981");
    expect(hash).toMatch(/^\$argon2id\$v=19\$/);
    expect(await verifyPassword(hash, "Stoep-Sunset-1981")).toBe(true);
    expect(await verifyPassword(hash, "stoep-sunset-1981")).toBe(false);
    expect(await verifyPassword("not a hash", "anything")).toBe(false);
  });
});
