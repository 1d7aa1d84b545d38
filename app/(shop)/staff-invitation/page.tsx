import type { Metadata } from "next";
import { StaffInvitationForm } from "@/components/admin/staff-invitation-form";
import { SITE } from "@/lib/config/site";
import { INVITATION_PAGE } from "@/lib/admin/invitation-link";
import { pageMetadata } from "@/lib/seo/metadata";

export const metadata: Metadata = {
  ...pageMetadata({ title: "Your invitation to the back office", path: INVITATION_PAGE, noindex: true }),
  // The link's token never reaches the server, and the page sends no address onward either.
  referrer: "no-referrer",
};

/** Where the link in a staff invitation e-mail lands; the form reads the token from the link itself. */
export default function StaffInvitationPage() {
  return (
    <div className="container-page py-8 sm:py-12 lg:py-16">
      <section className="mx-auto max-w-xl rounded-card border border-ink/10 bg-white px-5 py-8 shadow-sm sm:p-10">
        <p className="text-xs font-semibold uppercase tracking-[0.16em] text-olive-700">{SITE.name} back office</p>
        <h1 className="mt-2 text-3xl leading-tight text-ink sm:text-4xl">Your invitation</h1>
        <StaffInvitationForm />
      </section>
    </div>
  );
}
