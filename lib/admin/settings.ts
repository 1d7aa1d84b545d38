import "server-only";
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import type { Audit } from "@/lib/admin/change";
import { paymentMethodStates } from "@/lib/payments/availability";
import type { MethodState } from "@/lib/payments/config";
import { readSetting, saveSetting } from "@/lib/settings/store";
import type { BankAccountSetting, PaymentMethodsSetting } from "@/lib/settings/schema";

/** What the settings page shows: each part as saved (or null), and each payment method's state. */
export type AdminSettings = {
  bankAccount: BankAccountSetting | null;
  methods: MethodState[];
};

export async function adminSettings(db: Db): Promise<AdminSettings> {
  const [bankAccount, methods] = await Promise.all([readSetting(db, "bankAccount"), paymentMethodStates(db)]);
  return { bankAccount, methods };
}

/** Saves the account for transfers; bank transfer can be offered from now on. */
export async function saveBankAccount(db: Db, input: BankAccountSetting, audit: Audit): Promise<BankAccountSetting> {
  return saveSetting(db, "bankAccount", input, audit);
}

/**
 * Saves which methods are offered. A method that cannot take money here (its gateway has no
 * credentials, or bank transfer no account) cannot be switched on: the answer names what it needs.
 */
export async function savePaymentMethods(
  db: Db,
  input: PaymentMethodsSetting,
  audit: Audit,
): Promise<PaymentMethodsSetting> {
  const states = await paymentMethodStates(db);
  const blocked = states.filter((s) => input.offered.includes(s.method) && !s.available);
  if (blocked.length > 0) {
    throw new ApiError(
      422,
      "payment_method_unavailable",
      blocked.map((s) => `${s.label} cannot be switched on: it needs ${s.needs}.`).join(" "),
      { field: "offered" },
    );
  }
  return saveSetting(db, "paymentMethods", input, audit);
}
