import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { customers, type Customer } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { addressKey, enforce, hit, rateLimited, type Limit } from "@/lib/security/rate-limit";
import { beginSignIn } from "@/lib/auth/login-throttle";
import { revokeOtherSessions, type SignedIn } from "@/lib/auth/session";
import { assertAcceptablePassword, hashPassword, verifyAgainstNothing, verifyPassword } from "@/lib/auth/passwords";
import type { RegisterInput } from "@/lib/auth/schemas";
import type { CustomerResponse } from "@/lib/auth/types";
import { COUNTRY } from "@/lib/forms/provinces";

export const LOGIN_FAILED_MESSAGE = "Incorrect Email or Password";

/**
 * Accounts made, and "already has an account" answers, per address an hour: what an address can
 * take from the shop (spam accounts, learning who shops here). A form refused for its own
 * mistakes costs nothing and tells nothing, so it is not counted.
 */
export const REGISTER_LIMIT: Limit = { limit: 50, windowSeconds: 60 * 60 };
export const CHANGE_PASSWORD_LIMIT: Limit = { limit: 10, windowSeconds: 15 * 60 };

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
      country: s.country || COUNTRY,
    },
  };
}

const emailTaken = () =>
  new ApiError(
    409,
    "email_exists",
    "An account with this email already exists. Please log in, or reset your password if you have forgotten it.",
    {
      fields: { email: "An account with this email already exists" },
    },
  );

function isUniqueViolation(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (e.code === "23505") return true;
  }
  return false;
}

export async function registerCustomer(db: Db, input: RegisterInput, ip: string): Promise<Customer> {
  assertAcceptablePassword(input.password, input.email);
  const used = await hit(db, addressKey("register", ip), REGISTER_LIMIT);
  if (!used.allowed) throw rateLimited("accounts created from your network", used.retryAfter);
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
          country: input.country || COUNTRY,
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

/** `deviceMark` is the browser's device cookie, if it has one (lib/auth/login-throttle). */
export async function signIn(
  db: Db,
  email: string,
  password: string,
  client: { ip: string; deviceMark?: string },
): Promise<Customer> {
  const customer = await findCustomerByEmail(db, email);
  const attempt = await beginSignIn(db, { email, ip: client.ip, customer, deviceMark: client.deviceMark });
  const ok = customer ? await verifyPassword(customer.passwordHash, password) : await verifyAgainstNothing(password);
  if (!customer || !ok) {
    await attempt.failed();
    throw new ApiError(401, "invalid_credentials", LOGIN_FAILED_MESSAGE);
  }
  await attempt.succeeded();
  return customer;
}

/** Changes the password and signs out every other browser of this customer. */
export async function changePassword(
  db: Db,
  signedIn: SignedIn,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
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
