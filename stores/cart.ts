import { create } from "zustand";
import { toast } from "@/stores/toast";
import { trackAddToCart } from "@/lib/analytics/events";
import type { ServerCart, ServerCartItem } from "@/lib/cart/types";
import { COOKIE } from "@/lib/http/cookie-names";

/** SPEC section 3's cart, plus what the UI needs. Totals are rands: cents from the server / 100. */
export type CartState = {
  cartKey: string | null;
  items: ServerCartItem[];
  itemCount: number;
  cartSubTotal: number;
  cartTotal: number;
  cartDiscountTotal: number;
  cartVatTotal: number;
  coupon: string | null;
  availableAutoCoupons: Array<{ code: string }>;
  affiliateCoupon: string | null;
  isFetching: boolean;
  /** Addressed by the session cookie (signed in) or by cart key (guest). */
  signedIn: boolean;
  loaded: boolean;
  drawerOpen: boolean;
};

type AddInput = { productId: number; quantity?: number; variation?: Record<string, string>; variationId?: number };

type CartActions = {
  setSignedIn: (signedIn: boolean) => void;
  fetchCart: () => Promise<void>;
  addToCart: (input: AddInput) => Promise<boolean>;
  updateQuantity: (itemKey: string, quantity: number) => Promise<void>;
  removeItem: (itemKey: string) => Promise<void>;
  applyCoupon: (code: string, opts?: { silent?: boolean }) => Promise<boolean>;
  removeCoupon: () => Promise<void>;
  clearCart: () => Promise<void>;
  loadAutoCoupons: () => Promise<void>;
  setAffiliateCoupon: (code: string | null) => void;
  tryCoupons: () => Promise<void>;
  resetLocal: () => void;
  openDrawer: () => void;
  closeDrawer: () => void;
};

export const CART_KEY_COOKIE = COOKIE.cartKey;

const empty = {
  cartKey: null,
  items: [],
  itemCount: 0,
  cartSubTotal: 0,
  cartTotal: 0,
  cartDiscountTotal: 0,
  cartVatTotal: 0,
  coupon: null,
} satisfies Partial<CartState>;

type ApiError = { status?: number; code?: string; message?: string; data?: { status?: number; message?: string } };

class CartCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError,
  ) {
    super(body.message ?? `Cart call failed (${status})`);
  }
}

async function request(method: string, path: string, params: Record<string, unknown>): Promise<ServerCart> {
  const init: RequestInit = { method, credentials: "same-origin", headers: { Accept: "application/json" } };
  let url = path;
  if (method === "GET" || method === "DELETE") {
    const qs = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => [k, String(v)]));
    url = `${path}?${qs}`;
  } else {
    init.headers = { ...init.headers, "Content-Type": "application/json" };
    init.body = JSON.stringify(params);
  }
  const res = await fetch(url, init);
  const body = (await res.json().catch(() => ({}))) as ServerCart & ApiError;
  if (!res.ok) throw new CartCallError(res.status, body);
  return body;
}

export function readCartKeyCookie(): string | null {
  if (typeof document === "undefined") return null;
  const m = document.cookie.match(/(?:^|;\s*)kaya_cart=([^;]+)/);
  return m ? decodeURIComponent(m[1]!) : null;
}

function removeCartKeyCookie() {
  if (typeof document === "undefined") return;
  document.cookie = `${CART_KEY_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}

/** Values refreshed from each server answer (SPEC section 4). */
function fromServer(cart: ServerCart): Partial<CartState> {
  return {
    cartKey: cart.cart_key,
    items: cart.items,
    itemCount: cart.item_count,
    cartSubTotal: Number(cart.totals.subtotal) / 100,
    cartTotal: Number(cart.totals.total) / 100,
    cartDiscountTotal: Number(cart.totals.discount_total) / 100,
    cartVatTotal: Number(cart.totals.vat_total) / 100,
    coupon: cart.coupons[0]?.coupon ?? null,
  };
}

export const useCartStore = create<CartState & CartActions>()((set, get) => {
  const guest = () => !get().signedIn;
  const keyParam = () => (guest() ? { cartKey: get().cartKey ?? undefined } : {});
  const path = (signedIn: string, guestPath: string) => (guest() ? guestPath : signedIn);

  /** Runs a cart call, keeps the answer; other failures are logged and stop the action (SPEC 8). */
  async function run(method: string, signedInPath: string, guestPath: string, params: Record<string, unknown>) {
    set({ isFetching: true });
    try {
      const cart = await request(method, path(signedInPath, guestPath), { ...keyParam(), ...params });
      set(fromServer(cart));
      return cart;
    } finally {
      set({ isFetching: false });
    }
  }

  return {
    ...empty,
    availableAutoCoupons: [],
    affiliateCoupon: null,
    isFetching: false,
    signedIn: false,
    loaded: false,
    drawerOpen: false,

    setSignedIn: (signedIn) => set({ signedIn }),

    fetchCart: async () => {
      if (guest()) {
        const key = get().cartKey ?? readCartKeyCookie();
        if (!key) return set({ loaded: true });
        set({ cartKey: key });
      }
      try {
        await run("GET", "/api/cart", "/api/cart-guest", {});
      } catch (err) {
        if (err instanceof CartCallError && err.status === 404 && guest()) {
          removeCartKeyCookie();
          set({ ...empty });
        } else console.warn("[cart] fetch failed", err);
      } finally {
        set({ loaded: true });
      }
    },

    addToCart: async ({ productId, quantity = 1, variation, variationId }) => {
      const params = { productId, productQuantity: quantity, variation, variationId };
      const attempt = () => run("POST", "/api/cart", "/api/cart-guest", params);
      try {
        let cart: ServerCart;
        try {
          cart = await attempt();
        } catch (err) {
          // A guest key the server no longer knows (an old cart): start a new cart once.
          if (!(err instanceof CartCallError && err.status === 404 && err.body.code === "cart_not_found" && guest())) throw err;
          removeCartKeyCookie();
          set({ ...empty });
          cart = await attempt();
        }
        const line = cart.items.find((i) => i.id === productId && (variationId ? i.variation_id === variationId : true));
        if (line) {
          trackAddToCart([
            {
              id: String(line.variation_id ?? line.id),
              name: line.name,
              priceCents: Number(line.price),
              quantity,
              variant: Object.values(line.variation).join(" / ") || undefined,
              category: line.category,
            },
          ]);
        }
        toast({ title: "Added to cart", message: line ? line.name : undefined, type: "success" });
        set({ drawerOpen: true });
        await get().tryCoupons();
        return true;
      } catch (err) {
        const body = err instanceof CartCallError ? err.body : {};
        toast({ title: "Could not add to cart", message: body.message ?? body.data?.message ?? "Please try again", type: "error" });
        return false;
      }
    },

    updateQuantity: async (itemKey, quantity) => {
      const before = get().items;
      // Optimistic: the line changes at once; totals settle from the server's answer.
      set({
        items: quantity < 1 ? before.filter((i) => i.item_key !== itemKey) : before.map((i) => (i.item_key === itemKey ? { ...i, quantity: { ...i.quantity, value: quantity } } : i)),
        itemCount: before.reduce((s, i) => s + (i.item_key === itemKey ? Math.max(0, quantity) : i.quantity.value), 0),
      });
      try {
        await run("POST", "/api/cart-update", "/api/cart-update-guest", { itemKey, productQuantity: Math.max(0, quantity) });
        await get().tryCoupons();
      } catch (err) {
        const body = err instanceof CartCallError ? err.body : {};
        if (body.message) toast({ title: "Could not update your cart", message: body.message, type: "warn" });
        else console.warn("[cart] update failed", err);
        await get().fetchCart();
      }
    },

    removeItem: async (itemKey) => {
      const before = get().items;
      set({ items: before.filter((i) => i.item_key !== itemKey), itemCount: before.filter((i) => i.item_key !== itemKey).reduce((s, i) => s + i.quantity.value, 0) });
      try {
        await run("DELETE", "/api/cart", "/api/cart-guest", { itemKey });
        await get().tryCoupons();
      } catch (err) {
        console.warn("[cart] remove failed", err);
        await get().fetchCart();
      }
    },

    applyCoupon: async (code, opts = {}) => {
      const promoCode = code.trim().toUpperCase();
      // SPEC section 4: skipped when the cart is empty or the same coupon is already applied.
      if (!promoCode || get().items.length === 0 || get().coupon === promoCode) return false;
      try {
        await run("POST", "/api/coupon-apply", "/api/coupon-apply-guest", { promoCode });
        if (!opts.silent) toast({ title: "Promo code applied", message: promoCode, type: "success" });
        return true;
      } catch (err) {
        if (!opts.silent) {
          const message = err instanceof CartCallError ? err.body.message : undefined;
          toast({ title: "Invalid promo code", message: message && message !== "Invalid promo code" ? message : undefined, type: "error" });
        }
        return false;
      }
    },

    removeCoupon: async () => {
      const promoCode = get().coupon;
      if (!promoCode) return;
      try {
        await run("DELETE", "/api/coupon-delete", "/api/coupon-delete-guest", { promoCode });
      } catch (err) {
        console.warn("[cart] coupon removal failed", err);
      }
    },

    clearCart: async () => {
      if (guest()) {
        // SPEC section 4: a guest cart is emptied locally and its key cookie removed.
        removeCartKeyCookie();
        set({ ...empty });
        return;
      }
      try {
        await run("POST", "/api/cart-clear", "/api/cart-clear", {});
      } catch (err) {
        console.warn("[cart] clear failed", err);
      }
    },

    loadAutoCoupons: async () => {
      try {
        const res = await fetch("/api/coupons-all", { headers: { Accept: "application/json" } });
        if (res.ok) set({ availableAutoCoupons: (await res.json()) as Array<{ code: string }> });
      } catch (err) {
        console.warn("[cart] automatic coupons unavailable", err);
      }
    },

    setAffiliateCoupon: (code) => set({ affiliateCoupon: code ? code.trim().toUpperCase() : null }),

    /**
     * After a change, with no coupon on the cart: the visit's affiliate code first, then the
     * automatic coupons in order until one applies (SPEC section 4).
     */
    tryCoupons: async () => {
      if (get().coupon || get().items.length === 0) return;
      const affiliate = get().affiliateCoupon;
      if (affiliate && (await get().applyCoupon(affiliate, { silent: false }))) return;
      for (const { code } of get().availableAutoCoupons) {
        if (get().coupon) return;
        if (await get().applyCoupon(code, { silent: true })) return;
      }
    },

    resetLocal: () => set({ ...empty, drawerOpen: false }),
    openDrawer: () => set({ drawerOpen: true }),
    closeDrawer: () => set({ drawerOpen: false }),
  };
});
