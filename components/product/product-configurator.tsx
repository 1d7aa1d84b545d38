"use client";

import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import dynamic from "next/dynamic";
import { Price } from "@/components/ui/price";
import { InstalmentEstimate, type InstalmentMethods } from "@/components/product/instalment-estimate";
import { AddToCartButton } from "@/components/cart/add-to-cart-button";
import { QuantityStepper } from "@/components/cart/quantity-stepper";
import { SaveHeart } from "@/components/saved/save-heart";
import { ProductPicture } from "@/components/product/product-picture";
import { toast } from "@/stores/toast";
import { publishChoice } from "@/stores/product-choice";
import { fabricByName, restockNote, type FabricSwatch } from "@/lib/catalog/fabrics";
import { pricePoint, type DisplayPrice } from "@/lib/catalog/pricing";
import {
  missingOptionsMessage,
  normaliseSelection,
  resolveVariation,
  selectionToQuery,
} from "@/lib/catalog/variations";
import type { ProductDetail, VariationDetail } from "@/lib/catalog/types";
import { ORDER_LIMITS } from "@/lib/orders/order-limits";
import { DELIVERY_TIME } from "@/lib/delivery/config";

// Only a sold-out choice shows it: its code loads then, not with every product page.
const RestockForm = dynamic(() => import("@/components/saved/restock-form").then((m) => m.RestockForm));

/** A simple product's fixed facts (each attribute with one option) as a choice. */
function simpleAttributes(attributes: ProductDetail["attributes"]): Record<string, string> {
  return Object.fromEntries(attributes.filter((a) => a.options.length === 1).map((a) => [a.name, a.options[0]!]));
}

export type ConfigurableProduct = Pick<
  ProductDetail,
  "id" | "slug" | "name" | "attributes" | "images" | "price" | "inStock" | "stock"
> & { variations: Array<Omit<VariationDetail, "dimensions">> };

/** Keeps the choice in the address bar without a server round trip, so it can be shared. */
function writeSelectionToUrl(selection: Record<string, string>) {
  const url = new URL(window.location.href);
  for (const key of [...url.searchParams.keys()]) url.searchParams.delete(key);
  for (const [k, v] of Object.entries(selectionToQuery(selection))) url.searchParams.set(k, v);
  window.history.replaceState(window.history.state, "", url);
}

/** True once the element has scrolled up out of view, under the sticky header (not while it is still below). */
function useScrolledPast() {
  const ref = useRef<HTMLDivElement>(null);
  const [past, setPast] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let frame = 0;
    // A jump (a fling, a link to a section) may never show the element on its way past, so the
    // position is checked on every scroll rather than when it crosses the edge.
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const covered = document.querySelector("body header")?.getBoundingClientRect().bottom ?? 0;
        setPast(el.getBoundingClientRect().bottom < Math.max(covered, 0));
      });
    };
    check();
    window.addEventListener("scroll", check, { passive: true });
    window.addEventListener("resize", check);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", check);
      window.removeEventListener("resize", check);
    };
  }, []);
  return [ref, past] as const;
}

/** The choice a shared address carries (?fabric=oat), among the options that are a choice. */
function selectionFromQuery(attributes: ConfigurableProduct["attributes"], query: string): Record<string, string> {
  if (!query) return {};
  return normaliseSelection(
    attributes.filter((a) => a.options.length > 1),
    Object.fromEntries(new URLSearchParams(query)),
  );
}
const noSubscription = () => () => {};
const currentQuery = () => window.location.search;
const noQuery = () => "";

export function ProductConfigurator({
  product,
  fabrics,
  instalments,
  help,
}: {
  product: ConfigurableProduct;
  /** The range: each fabric option's colour, and when a sold-out one is back. */
  fabrics: readonly FabricSwatch[];
  /** The instalment methods the shop offers (their lines under the price). */
  instalments: InstalmentMethods;
  /** Shown under the buy box (a way to ask about the product). */
  help?: React.ReactNode;
}) {
  const [buyRowRef, pastBuyRow] = useScrolledPast();
  // The page is the same for every visitor (served from the cache): the choice a shared address
  // carries is read in the browser, and the shopper's own choices replace it.
  const query = useSyncExternalStore(noSubscription, currentQuery, noQuery);
  const fromUrl = useMemo(() => selectionFromQuery(product.attributes, query), [product.attributes, query]);
  const [chosen, setSelection] = useState<Record<string, string> | null>(null);
  const selection = chosen ?? fromUrl;
  // The measurements and the fit check further down the page follow the choice.
  useEffect(() => publishChoice(product.slug, selection), [product.slug, selection]);
  const [imageIndex, setImageIndex] = useState(0);
  const [quantity, setQuantity] = useState(1);
  const [triedIncomplete, setTriedIncomplete] = useState(false);
  const choosable = product.attributes.filter((a) => a.options.length > 1);
  const isVariable = product.variations.length > 0;
  const resolution = useMemo(
    () => (isVariable ? resolveVariation(product.attributes, product.variations, selection) : null),
    [isVariable, product.attributes, product.variations, selection],
  );
  const variation = resolution?.status === "complete" ? resolution.variation : null;
  const images = variation?.images ?? product.images;
  const image = images[imageIndex] ?? images[0];

  const price: DisplayPrice = variation
    ? pricePoint({ regularCents: variation.regularPriceCents, saleCents: variation.salePriceCents })
    : product.price;
  const stock = variation ? variation.stock : isVariable ? null : product.stock;
  // A sold-out choice says when its fabric is back, rather than only that it is gone.
  const soldOutNote =
    stock === 0 ? restockNote(fabrics, variation ? variation.attributes : simpleAttributes(product.attributes)) : null;
  const anyChosen = choosable.some((a) => selection[a.name]);

  const choose = (name: string, option: string) => {
    const next = { ...selection, [name]: option };
    setSelection(next);
    setImageIndex(0);
    writeSelectionToUrl(next);
  };

  /** Options that, with the other choices kept, give a variation that exists and is in stock. */
  const optionState = (name: string, option: string): "ok" | "soldout" | "missing" => {
    const trial = { ...selection, [name]: option };
    const matches = product.variations.filter((v) =>
      Object.entries(trial).every(([k, val]) => !val || v.attributes[k] === val),
    );
    if (matches.length === 0) return "missing";
    return matches.some((v) => v.stock > 0) ? "ok" : "soldout";
  };

  const addToCart = {
    productId: product.id,
    variationId: variation?.id,
    quantity,
    disabled: stock === 0 || resolution?.status === "unavailable",
    incomplete: resolution?.status === "incomplete",
    onIncomplete: () => {
      setTriedIncomplete(true);
      if (resolution?.status === "incomplete")
        toast({ title: missingOptionsMessage(resolution.missing), type: "warn" });
    },
    label: stock === 0 ? "Out of stock" : "Add to cart",
  };

  return (
    <div className="grid gap-8 lg:grid-cols-[1.2fr_1fr] lg:gap-12">
      <div>
        <div className="overflow-hidden rounded-card bg-oat-100">
          {image ? (
            <ProductPicture
              src={image.src}
              alt={image.alt}
              width={800}
              height={600}
              sizes="(min-width: 1280px) 680px, (min-width: 1024px) 53vw, 100vw"
              first
              className="aspect-[4/3] w-full object-cover"
              data-testid="gallery-main"
            />
          ) : null}
        </div>
        <ul className="mt-3 grid grid-cols-3 gap-3" aria-label="Product pictures">
          {images.map((img, i) => (
            <li key={img.src}>
              <button
                type="button"
                onClick={() => setImageIndex(i)}
                aria-label={`Show ${img.alt}`}
                aria-pressed={i === imageIndex}
                className={`block overflow-hidden rounded-md border-2 bg-oat-100 ${i === imageIndex ? "border-olive-700" : "border-transparent hover:border-ink/20"}`}
              >
                <ProductPicture
                  src={img.src}
                  alt=""
                  width={200}
                  height={150}
                  sizes="(min-width: 1024px) 200px, 30vw"
                  loading="lazy"
                  className="aspect-[4/3] w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      </div>

      <div className="flex flex-col gap-5" data-testid="buy-box">
        <div>
          <h1 className="text-3xl leading-tight text-ink sm:text-4xl">{product.name}</h1>
          <Price price={price} size="lg" className="mt-3" />
          <p className="mt-1 text-xs text-stone-600">VAT included · Free delivery nationwide</p>
        </div>

        {choosable.map((attr) => (
          <fieldset key={attr.name}>
            <legend className="text-sm font-semibold text-ink">
              {attr.name}
              {selection[attr.name] ? (
                <span className="font-normal text-stone-600">: {selection[attr.name]}</span>
              ) : null}
            </legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {attr.options.map((option) => {
                const state = optionState(attr.name, option);
                const selected = selection[attr.name] === option;
                const fabric = attr.name === "Fabric" ? fabricByName(fabrics, option) : undefined;
                return (
                  <label
                    key={option}
                    className={`relative flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-olive-700 ${
                      selected
                        ? "border-ink bg-white font-semibold text-ink"
                        : "border-ink/20 bg-white/60 text-stone-700 hover:border-ink/50"
                    } ${state !== "ok" ? "text-stone-600" : ""}`}
                  >
                    <input
                      type="radio"
                      name={attr.name}
                      value={option}
                      checked={selected}
                      onChange={() => choose(attr.name, option)}
                      className="sr-only"
                    />
                    {fabric ? (
                      <span
                        aria-hidden
                        className="h-5 w-5 rounded-full border border-ink/15"
                        style={{ background: fabric.hex }}
                      />
                    ) : null}
                    <span className={state === "missing" ? "line-through" : ""}>{option}</span>
                    {state === "soldout" ? <span className="text-xs font-normal">(sold out)</span> : null}
                  </label>
                );
              })}
            </div>
          </fieldset>
        ))}

        <div aria-live="polite" className="min-h-6 text-sm" data-testid="stock-status">
          {resolution?.status === "incomplete" && (anyChosen || triedIncomplete) ? (
            <p className="font-medium text-terracotta-700" data-testid="config-message">
              {missingOptionsMessage(resolution.missing)}
            </p>
          ) : resolution?.status === "incomplete" ? (
            <p className="text-stone-600">
              Choose {resolution.missing.map((m) => m.toLowerCase()).join(" and ")} to see price and availability.
            </p>
          ) : resolution?.status === "unavailable" ? (
            <p className="font-medium text-terracotta-700">
              We don&apos;t make this combination. Please choose another option.
            </p>
          ) : stock === null ? null : stock > 0 ? (
            <p className="flex items-center gap-2 font-medium text-success">
              <span aria-hidden className="h-2 w-2 rounded-full bg-success" />
              {stock <= 3 ? `In stock, only ${stock} left` : "In stock"} · delivered within {DELIVERY_TIME}
            </p>
          ) : (
            <p className="flex flex-wrap items-center gap-x-2 font-semibold text-ink" data-testid="out-of-stock">
              <span aria-hidden className="h-2 w-2 rounded-full bg-danger" />
              Out of stock
              {soldOutNote ? (
                <span className="font-normal text-stone-700" data-testid="restock-note">
                  · {soldOutNote}
                </span>
              ) : null}
            </p>
          )}
        </div>

        <div ref={buyRowRef} className="flex flex-wrap items-center gap-3">
          <QuantityStepper
            label="quantity"
            value={quantity}
            max={Math.max(1, Math.min(stock ?? ORDER_LIMITS.unitsPerLine, ORDER_LIMITS.unitsPerLine))}
            onChange={(n) => setQuantity(Math.max(1, n))}
          />
          <AddToCartButton className="btn-primary flex-1" {...addToCart} />
          <SaveHeart
            productId={product.id}
            variationId={variation?.id ?? null}
            priceCents={price.priceCents}
            name={variation ? `${product.name}, ${Object.values(variation.attributes).join(", ")}` : product.name}
            className="relative h-12 w-12"
          />
        </div>
        {stock === 0 ? (
          <RestockForm key={variation?.id ?? 0} productId={product.id} variationId={variation?.id ?? null} />
        ) : null}

        <InstalmentEstimate priceCents={price.priceCents} offered={instalments} />
        {help}
      </div>
      {pastBuyRow ? (
        <div
          data-testid="sticky-add-to-cart"
          data-sticky-buy
          className="fixed inset-x-0 bottom-0 z-30 border-t border-ink/10 bg-canvas/95 px-4 py-3 shadow-[0_-4px_16px_rgba(35,32,29,0.08)] backdrop-blur lg:hidden"
        >
          <div className="mx-auto flex max-w-7xl items-center gap-3">
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-semibold text-ink">{product.name}</p>
              <Price price={price} size="sm" />
            </div>
            <AddToCartButton className="btn-primary shrink-0" testId="sticky-add-to-cart-button" {...addToCart} />
          </div>
        </div>
      ) : null}
    </div>
  );
}
