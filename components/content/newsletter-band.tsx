import { NewsletterSignup } from "@/components/content/newsletter-signup";

export function NewsletterBand() {
  return (
    <div className="container-page mt-16">
      <div className="rounded-card border border-ink/10 bg-oat-100 px-6 py-10 sm:px-10 lg:px-14 lg:py-12">
        <NewsletterSignup source="home" variant="band" />
      </div>
    </div>
  );
}
