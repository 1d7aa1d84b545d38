import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { connection } from "next/server";
import { UnsubscribeButton } from "@/components/content/unsubscribe-button";
import { getDb } from "@/lib/db/client";
import { maskEmail, subscriptionByToken } from "@/lib/newsletter/service";
import { SITE } from "@/lib/config/site";
import { pageMetadata } from "@/lib/seo/metadata";

export const metadata: Metadata = pageMetadata({
  title: "Unsubscribe",
  path: "/newsletter/unsubscribe",
  noindex: true,
});

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The link in every newsletter e-mail. Opening it asks for one click rather than unsubscribing
 * at once, because mail scanners open links too.
 */
export default function UnsubscribePage({ searchParams }: Props) {
  return (
    <div className="container-page max-w-xl py-16 lg:py-24">
      <p className="text-xs font-semibold uppercase tracking-[0.16em] text-olive-700">Newsletter</p>
      <h1 className="mt-2 text-4xl text-ink">Unsubscribe</h1>
      <Suspense fallback={<div className="mt-6 h-24 animate-pulse rounded-card bg-oat-100" />}>
        <State searchParams={searchParams} />
      </Suspense>
    </div>
  );
}

async function State({ searchParams }: Props) {
  await connection();
  const raw = (await searchParams).token;
  const token = typeof raw === "string" ? raw : "";
  const subscription = token ? await subscriptionByToken(await getDb(), token) : null;
  if (!subscription) {
    return (
      <div className="mt-6 text-stone-700" data-testid="unsubscribe-invalid">
        <p>
          This unsubscribe link is not valid. It may be incomplete, or replaced by a newer one if you subscribed again.
        </p>
        <p className="mt-3">
          Write to{" "}
          <a href={`mailto:${SITE.email}`} className="font-medium text-olive-700 underline underline-offset-4">
            {SITE.email}
          </a>{" "}
          and we will take you off the list by hand.
        </p>
      </div>
    );
  }
  if (subscription.unsubscribedAt) {
    return (
      <div className="mt-6 text-stone-700" data-testid="unsubscribed">
        <p className="text-lg text-ink">{maskEmail(subscription.email)} is already unsubscribed.</p>
        <p className="mt-2">Changed your mind? You can sign up again at the bottom of any page.</p>
        <Link href="/" className="btn-secondary mt-6">
          Back to the shop
        </Link>
      </div>
    );
  }
  return (
    <div className="mt-6 text-stone-700">
      <p className="text-lg">
        Stop sending promotional e-mails to{" "}
        <strong className="font-semibold text-ink" data-testid="unsubscribe-email">
          {maskEmail(subscription.email)}
        </strong>
        ?
      </p>
      <p className="mt-2 text-sm">E-mails about orders you place will still reach you.</p>
      <UnsubscribeButton token={token} />
    </div>
  );
}
