"use client";

import { useCallback, useEffect, useState } from "react";
import Link from "next/link";
import { AddToCartButton } from "@/components/cart/add-to-cart-button";
import { SavedRows, productHref } from "@/components/saved/saved-rows";
import {
  clearGuestList,
  guestList,
  mirrorAccount,
  SAVED_EVENT,
  signedIn,
  toggleSaved,
  type GuestSaved,
} from "@/lib/saved/client";
import type { SavedLine, SavedList } from "@/lib/saved/saved";

const guestQuery = (items: GuestSaved[]) =>
  items.map((i) => `${i.productId}:${i.variationId ?? 0}:${i.priceCents || 0}:${i.savedAt || 0}`).join(",");

/** The account's list (a guest's list kept here moves into it first), or a guest's, priced now. */
async function load(): Promise<SavedList & { guest: boolean }> {
  const local = guestList();
  if (signedIn()) {
    const res = local.length
      ? await fetch("/api/saved", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ items: local }),
        })
      : await fetch("/api/saved");
    if (res.ok) {
      const list = (await res.json()) as SavedList;
      if (local.length) clearGuestList();
      mirrorAccount(list.items);
      return { ...list, guest: false };
    }
    if (res.status !== 401) throw new Error("The saved list could not be loaded");
  }
  if (!local.length) return { items: [], shareUrl: null, guest: true };
  const res = await fetch(`/api/saved?items=${encodeURIComponent(guestQuery(local))}`);
  if (!res.ok) throw new Error("The saved list could not be loaded");
  return { ...((await res.json()) as SavedList), guest: true };
}

export function SavedView() {
  const [list, setList] = useState<(SavedList & { guest: boolean }) | null>(null);
  const [failed, setFailed] = useState(false);
  const [copied, setCopied] = useState(false);

  const refresh = useCallback(() => {
    load().then(
      (l) => {
        setList(l);
        setFailed(false);
      },
      () => setFailed(true),
    );
  }, []);

  useEffect(() => {
    refresh();
    // Another tab (or sign-in) changed the list.
    window.addEventListener("storage", refresh);
    return () => window.removeEventListener("storage", refresh);
  }, [refresh]);

  const remove = async (line: SavedLine) => {
    await toggleSaved({ ...line, priceCents: line.priceCentsAtSave }, true).catch(() => undefined);
    setList((l) =>
      l
        ? {
            ...l,
            items: l.items.filter((i) => !(i.productId === line.productId && i.variationId === line.variationId)),
          }
        : l,
    );
    window.dispatchEvent(new Event(SAVED_EVENT));
  };

  if (failed)
    return (
      <p role="alert" className="mt-8 text-danger">
        We could not load your saved items. Please reload the page.
      </p>
    );
  if (!list) return <div className="mt-8 h-40 animate-pulse rounded-card bg-oat-100" aria-hidden />;

  return (
    <div className="mt-8" data-testid="saved-view">
      {list.items.length === 0 ? (
        <div className="text-stone-700" data-testid="saved-empty">
          <p className="text-lg text-ink">Nothing saved yet.</p>
          <p className="mt-2">
            Tap the heart on any piece to keep it here, with the price it had, until you are ready.{" "}
            <Link href="/product-category" className="font-medium text-olive-700 underline underline-offset-4">
              Browse the shop
            </Link>
          </p>
        </div>
      ) : (
        <SavedRows
          items={list.items}
          actions={(line) => (
            <>
              {line.needsOptions ? (
                <Link
                  href={productHref(line)}
                  className="btn-secondary py-2"
                  aria-label={`Choose options for ${line.name}`}
                >
                  Choose options
                </Link>
              ) : (
                <AddToCartButton
                  productId={line.productId}
                  variationId={line.variationId ?? undefined}
                  disabled={!line.inStock}
                  label={line.inStock ? "Add to cart" : "Out of stock"}
                  className="btn-primary py-2"
                  testId="saved-add-to-cart"
                />
              )}
              <button
                type="button"
                onClick={() => remove(line)}
                className="rounded-md px-3 py-2 text-sm font-medium text-stone-700 underline underline-offset-4 hover:text-ink"
                aria-label={`Remove ${line.name} from saved items`}
              >
                Remove
              </button>
            </>
          )}
        />
      )}
      {list.guest ? (
        <p className="mt-6 text-sm text-stone-700">
          Your list is kept in this browser.{" "}
          <Link href="/my-account" prefetch={false} className="font-medium text-olive-700 underline underline-offset-4">
            Log in
          </Link>{" "}
          to keep it in your account, on every device, and share it.
        </p>
      ) : list.shareUrl && list.items.length ? (
        <div className="mt-8 max-w-xl rounded-card border border-ink/10 bg-white/70 p-4">
          <label htmlFor="saved-share" className="block text-sm font-semibold text-ink">
            Share your list
          </label>
          <p className="mt-1 text-xs text-stone-600">Anyone with this link can see the list, but not change it.</p>
          <div className="mt-2 flex gap-2">
            <input
              id="saved-share"
              readOnly
              value={list.shareUrl}
              onFocus={(e) => e.currentTarget.select()}
              className="min-w-0 flex-1 rounded-md border border-ink/20 bg-white px-3 py-2 text-sm text-ink"
              data-testid="saved-share-url"
            />
            <button
              type="button"
              className="btn-secondary shrink-0 py-2"
              onClick={() =>
                navigator.clipboard?.writeText(list.shareUrl!).then(
                  () => setCopied(true),
                  () => undefined,
                )
              }
            >
              {copied ? "Copied" : "Copy link"}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
