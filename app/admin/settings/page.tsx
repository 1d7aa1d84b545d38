import type { Metadata } from "next";
import { Suspense } from "react";
import { AdminSkeleton, Card, PageHeader } from "@/components/admin/ui";
import { BankAccountForm } from "@/components/admin/settings/bank-account-form";
import { PaymentMethodsForm } from "@/components/admin/settings/payment-methods-form";
import { requireStaffPage } from "@/lib/admin/guard";
import { adminSettings } from "@/lib/admin/settings";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "Settings" };

async function Settings() {
  await requireStaffPage("settings");
  const { bankAccount, methods } = await adminSettings(await getDb());
  return (
    <>
      <PageHeader
        title="Settings"
        description="The shop's own details. A change shows on the shop at the next page anyone opens, and is kept in the audit log."
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Payment methods">
          <p className="mb-4 text-sm text-stone-700">
            What shoppers may pay with, at the checkout, under a product&apos;s price and on an unpaid order&apos;s
            page.
          </p>
          <PaymentMethodsForm methods={methods} />
        </Card>
        <Card title="Bank account for transfers">
          <p className="mb-4 text-sm text-stone-700">
            {bankAccount
              ? "Shown on a bank-transfer order's page and in its e-mails, with the order number as the reference."
              : "No account is saved yet: bank-transfer orders show demo details that say they are not a real account, and a shop that takes real money cannot offer bank transfer."}
          </p>
          <BankAccountForm key={JSON.stringify(bankAccount)} saved={bankAccount} />
        </Card>
      </div>
    </>
  );
}

export default function SettingsPage() {
  return (
    <Suspense fallback={<AdminSkeleton label="Loading the settings" />}>
      <Settings />
    </Suspense>
  );
}
