import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { FooterNewsletter } from "@/components/layout/footer-newsletter";

export function ShopChrome({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id="main" className="flex-1 pb-16">
        {children}
      </main>
      <SiteFooter newsletterSlot={<FooterNewsletter />} />
    </div>
  );
}
