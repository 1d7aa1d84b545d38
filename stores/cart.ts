import { create } from "zustand";

/**
 * What the cart looks like on screen, and nothing else: the cart itself is the server's answer,
 * kept under one SWR key (components/cart/use-cart.ts).
 */
export type CartUiState = {
  drawerOpen: boolean;
  openDrawer: () => void;
  closeDrawer: () => void;
};

export const useCartUiStore = create<CartUiState>()((set) => ({
  drawerOpen: false,
  openDrawer: () => set({ drawerOpen: true }),
  closeDrawer: () => set({ drawerOpen: false }),
}));
