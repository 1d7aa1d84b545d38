import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { Suspense } from "react";
import { ProductGrid } from "@/components/product/product-card";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { PriorityImage } from "@/components/ui/priority-image";
import { ProductPicture } from "@/components/product/product-picture";
import { TagIcon, TruckIcon, CartIcon } from "@/components/ui/icons";
import { getProductPage } from "@/lib/catalog/data";
import { FREE_OTTOMAN } from "@/lib/coupons/free-ottoman";
import { freeProductOffer, type FreeProductOffer } from "@/lib/coupons/offer";
import { getDb } from "@/lib/db/client";
import { isMediaPath } from "@/lib/media/address";
import { formatMoney } from "@/lib/money/money";
import { infoPath } from "@/lib/config/site";
import { pageMetadata } from "@/lib/seo/metadata";
import { formatShopDate } from "@/lib/config/shop-time";
import { DELIVERY_TIME } from "@/lib/delivery/config";

const TITLE = "Get a Free Ottoman with every couch";
const OG_IMAGE = "/og/free-ottoman";

export async function generateMetadata(): Promise<Metadata> {
  await connection();
  const offer = await freeProductOffer(await getDb(), FREE_OTTOMAN.code);
  const worth = offer ? ` worth ${formatMoney(offer.product.priceCents, { cents: false })}` : "";
  return pageMetadata({
    title: TITLE,
    description: `A ${offer?.product.name ?? "Pebble Ottoman"}${worth}, free with each couch you buy. It comes off at the cart by itself: no code to type. Delivered free anywhere in South Africa.`,
    path: FREE_OTTOMAN.path,
    image: { url: OG_IMAGE, alt: "A free Pebble Ottoman with every Kaya couch" },
  });
}

/** The terms, each read from the coupon the cart applies. */
function terms(offer: FreeProductOffer): string[] {
  const each = offer.requires ? offer.requires.noun.one : "item";
  const list = [
    `One free ${offer.product.name} for each ${each} in your order: two ${offer.requires?.noun.other ?? "items"}, two ${offer.product.name}s.`,
    offer.automatic
      ? `Put the ${offer.product.name} in your cart (the cart offers it in one click once a ${each} is there) and its full price comes off by itself. There is no code to type.`
      : `Put the ${offer.product.name} in your cart and enter the code ${offer.code}.`,
    offer.requires
      ? `Every design in our ${offer.requires.name} range counts; other pieces (sleeper couches, ottomans, bed frames) do not.`
      : `Any other piece in the shop counts.`,
    "One promotion per order: a promo code you apply takes the offer's place, and taking it off brings the offer back when your cart changes.",
    `The ${offer.product.name} is delivered free with your ${each}, within ${DELIVERY_TIME}.`,
  ];
  if (offer.usageLimitPerCustomer !== null)
    list.push(
      `Once per customer (${offer.usageLimitPerCustomer === 1 ? "one order" : `${offer.usageLimitPerCustomer} orders`}).`,
    );
  list.push(
    offer.expiresAt
      ? `Until ${formatShopDate(offer.expiresAt)}, while ${offer.product.name}s last.`
      : `While ${offer.product.name}s last; we will say here when the offer ends.`,
  );
  return list;
}

/** The page reads the coupon at request time, so it streams in behind a placeholder. */
export default function FreeOttomanPage() {
  return (
    <Suspense
      fallback={
        <div className="container-page py-12" aria-label="Loading the offer">
          <div className="h-96 animate-pulse rounded-card bg-oat-100" />
        </div>
      }
    >
      <FreeOttomanOffer />
    </Suspense>
  );
}

async function FreeOttomanOffer() {
  await connection();
  const offer = await freeProductOffer(await getDb(), FREE_OTTOMAN.code);
  const category = offer?.requires?.slug ?? "couches";
  const couches = await getProductPage({ category, sort: "featured", fabrics: [], page: 1, perPage: 48 });
  const running = offer !== null && offer.live && offer.product.inStock;
  return (
    <div data-testid="offer-page">
      <section className="border-b border-ink/10 bg-oat-100">
        <div className="container-page grid items-center gap-8 py-10 lg:grid-cols-[1fr_1.1fr] lg:py-14">
          <div>
            <Breadcrumbs trail={[{ label: "Get a Free Ottoman" }]} />
            <p className="mt-6 text-xs font-semibold uppercase tracking-[0.16em] text-olive-700">
              {offer ? `Offer · worth ${formatMoney(offer.product.priceCents, { cents: false })}` : "Offer"}
            </p>
            <h1 className="mt-2 text-4xl leading-tight text-ink sm:text-5xl">{TITLE}</h1>
            {running ? (
              <p className="mt-4 max-w-lg text-lg leading-relaxed text-stone-700">
                Buy any couch and the {offer.product.name}, our round 60 cm ottoman in Oat linen, is yours for nothing.
                It comes off at the cart by itself.
              </p>
            ) : (
              <p className="mt-4 max-w-lg text-lg leading-relaxed text-stone-700" data-testid="offer-ended">
                This offer has ended. Every couch still comes with free delivery anywhere in South Africa.
              </p>
            )}
            <ul className="mt-6 space-y-2 text-sm text-stone-700">
              <li className="flex items-center gap-2">
                <CartIcon width={18} height={18} /> Add a couch, then the ottoman in one click from your cart
              </li>
              <li className="flex items-center gap-2">
                <TagIcon width={18} height={18} /> No code to type: the discount shows as Free
              </li>
              <li className="flex items-center gap-2">
                <TruckIcon width={18} height={18} /> Both delivered free within {DELIVERY_TIME}
              </li>
            </ul>
            <Link href="#offer-couches" className="btn-primary mt-8">
              Choose your couch
            </Link>
          </div>
          {offer && isMediaPath(offer.product.picture.src) ? (
            <ProductPicture
              {...offer.product.picture}
              sizes="(min-width: 1024px) 600px, 100vw"
              first
              className="w-full rounded-card"
            />
          ) : offer ? (
            <PriorityImage
              src={offer.product.picture.src}
              alt={`The ${offer.product.name} in Oat linen`}
              width={800}
              height={600}
              className="w-full rounded-card"
            />
          ) : null}
        </div>
      </section>
      <div className="container-page py-12">
        {offer ? (
          <section aria-labelledby="offer-terms" className="max-w-3xl">
            <h2 id="offer-terms" className="text-2xl text-ink">
              How the offer works
            </h2>
            <ul className="mt-4 list-disc space-y-2 pl-5 leading-relaxed text-stone-700" data-testid="offer-terms">
              {terms(offer).map((t) => (
                <li key={t}>{t}</li>
              ))}
            </ul>
            <p className="mt-4 text-sm text-stone-600">
              See also our{" "}
              <Link href={infoPath("terms-and-conditions")} className="underline underline-offset-4">
                terms and conditions
              </Link>{" "}
              and{" "}
              <Link href={`/product/${offer.product.slug}`} className="underline underline-offset-4">
                the {offer.product.name}
              </Link>
              .
            </p>
          </section>
        ) : null}
        <section aria-labelledby="offer-couches" className="mt-12 scroll-mt-28">
          <h2 id="offer-couches" className="text-2xl text-ink">
            The couches that come with a free ottoman
          </h2>
          <p className="mb-6 mt-2 text-sm text-stone-600">
            {couches.total} {couches.total === 1 ? "design" : "designs"}, each made to order in South Africa.
          </p>
          <ProductGrid products={couches.items} />
        </section>
      </div>
    </div>
  );
}
