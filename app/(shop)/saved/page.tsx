import type { Metadata } from "next";
import { SavedView } from "@/components/saved/saved-view";
import { pageMetadata } from "@/lib/seo/metadata";

// A shopper's own list: nothing for search engines.
export const metadata: Metadata = pageMetadata({ title: "Saved items", path: "/saved", noindex: true });

export default function SavedPage() {
  return (
    <div className="container-page max-w-4xl py-12 lg:py-16">
      <h1 className="text-4xl text-ink">Saved items</h1>
      <p className="mt-2 text-stone-700">What you saved, with its price now and the price when you saved it.</p>
      <SavedView />
    </div>
  );
}
