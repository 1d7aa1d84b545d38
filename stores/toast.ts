import { create } from "zustand";

/** Info, warn and success are themselves; any other type shows as an error. */
export type ToastType = "info" | "warn" | "success" | "error";

export type Toast = {
  id: string;
  title: string;
  message?: string;
  type: ToastType;
  /** Seconds before it goes by itself. */
  duration: number;
};

export const TOAST_DEFAULT_SECONDS = 5;

const ID_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789";

export function toastId(random: () => number = Math.random): string {
  let id = "";
  for (let i = 0; i < 5; i++) id += ID_CHARS[Math.floor(random() * ID_CHARS.length)];
  return id;
}

export function toastType(type: string | undefined): ToastType {
  return type === "info" || type === "warn" || type === "success" ? type : "error";
}

type ToastState = {
  toasts: Toast[];
  show: (t: { title: string; message?: string; type?: string; duration?: number }) => string;
  dismiss: (id: string) => void;
};

export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  show: ({ title, message, type, duration }) => {
    const id = toastId();
    set((s) => ({
      toasts: [...s.toasts, { id, title, message, type: toastType(type), duration: duration ?? TOAST_DEFAULT_SECONDS }],
    }));
    return id;
  },
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

/** For code outside React (stores, fetch helpers). */
export const toast = (t: Parameters<ToastState["show"]>[0]) => useToastStore.getState().show(t);
