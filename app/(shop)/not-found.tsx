import { NotFoundView } from "@/components/layout/error-view";

/*
 * A notFound() inside a shop page that proxy.ts did not already answer (it sends unknown slugs to
 * app/not-found.tsx): drawn inside the shop's own layout, so the header and footer come from there
 * and their code is not sent a second time with every page.
 */
export default function ShopNotFound() {
  return <NotFoundView />;
}
