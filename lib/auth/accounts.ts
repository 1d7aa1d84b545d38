import "server-only";
import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { customers, type Customer } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { enforce, reset, type Limit } from "@/lib/security/rate-limit";
import { revokeOtherSessions, type SignedIn } from "@/lib/auth/session";
import { assertAcceptablePassword, hashPassword, verifyAgainstNothing, verifyPassword } from "@/lib/auth/passwords";
import type { RegisterInput } from "@/lib/auth/schemas";
import { DEFAULT_COUNTRY, type CustomerResponse } from "@/lib/auth/types";

export const LOGIN_FAILED_MESSAGE = "Incorrect Email or Password";

/** Per address: slows guessing one account; per IP: slows trying many. Successes clear the address's count. */
export const LOGIN_LIMITS = {
  perEmail: { limit: 10, windowSeconds: 15 * 60 },
  perIp: { limit: 100, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;
export const REGISTER_LIMIT: Limit = { limit: 50, windowSeconds: 60 * 60 };
export const CHANGE_PASSWORD_LIMIT: Limit = { limit: 10, windowSeconds: 15 * 60 };

/** Rate-limit keys name an address by a digest, so the counters table holds no e-mail addresses. */
export function emailDigest(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32);
}
export const loginEmailKey = (email: string) => `login:email:${emailDigest(email)}`;

export async function findCustomerByEmail(db: Db, email: string): Promise<Customer | null> {
  const [row] = await db
    .select()
    .from(customers)
    .where(eq(sql`lower(${customers.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

export function toCustomerResponse(c: Customer): CustomerResponse {
  const s = c.shipping;
  return {
    user_id: c.id,
    shipping: {
      email: s.email || c.email,
      first_name: s.firstName || c.firstName,
      last_name: s.lastName || c.lastName,
      phone: s.phone || c.phone,
      city: s.city ?? "",
      state: s.province ?? "",
      postcode: s.postcode ?? "",
      country: s.country || DEFAULT_COUNTRY,
    },
  };
}

const emailTaken = () =>
  new ApiError(409, "email_exists", "An account with this email already exists. Please log in, or reset your password if you have forgotten it.", {
    fields: { email: "An account with this email already exists" },
  });

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code === "23505") return true;
  }
  return false;
}

export async function registerCustomer(db: Db, input: RegisterInput, ip: string): Promise<Customer> {
  await enforce(db, `register:ip:${ip}`, REGISTER_LIMIT, "accounts created from your network");
  assertAcceptablePassword(input.password, input.email);
  if (await findCustomerByEmail(db, input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(customers)
      .values({
        email: input.email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        phone: input.phone ?? "",
        shipping: {
          firstName: input.first_name,
          lastName: input.last_name,
          email: input.email,
          phone: input.phone ?? "",
          city: input.city ?? "",
          province: input.state ?? "",
          postcode: input.postcode ?? "",
          country: input.country || DEFAULT_COUNTRY,
        },
      })
      .returning();
    return row!;
  } catch (err) {
    // Two sign-ups with one address at once: the database's unique index decides.
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

export async function signIn(db: Db, email: string, password: string, ip: string): Promise<Customer> {
  await enforce(db, `login:ip:${ip}`, LOGIN_LIMITS.perIp, "sign-in attempts");
  await enforce(db, loginEmailKey(email), LOGIN_LIMITS.perEmail, "sign-in attempts");
  const customer = await findCustomerByEmail(db, email);
  const ok = customer ? await verifyPassword(customer.passwordHash, password) : await verifyAgainstNothing(password);
  if (!customer || !ok) throw new ApiError(401, "invalid_credentials", LOGIN_FAILED_MESSAGE);
  await reset(db, loginEmailKey(email));
  return customer;
}

/** Changes the password and signs out every other browser of this customer. */
export async function changePassword(db: Db, signedIn: SignedIn, currentPassword: string, newPassword: string): Promise<void> {
  const { customer, session } = signedIn;
  await enforce(db, `change-password:customer:${customer.id}`, CHANGE_PASSWORD_LIMIT, "password change attempts");
  if (!(await verifyPassword(customer.passwordHash, currentPassword))) {
    throw new ApiError(400, "wrong_password", "Your current password is incorrect.", {
      fields: { current_password: "Your current password is incorrect" },
    });
  }
  if (newPassword === currentPassword) {
    throw new ApiError(400, "same_password", "Your new password must be different from the current one.", {
      fields: { new_password: "Choose a password different from the current one" },
    });
  }
  assertAcceptablePassword(newPassword, customer.email, "new_password");
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.update(customers).set({ passwordHash, updatedAt: new Date() }).where(eq(customers.id, customer.id));
    await revokeOtherSessions(tx, customer.id, session.id);
  });
}
