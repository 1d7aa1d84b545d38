import { create } from "zustand";

/** SPEC section 3: client info, the shopper's IP address as the shop sees it. */
type ClientInfo = { ip: string | null; fetchIp: () => Promise<void> };

export const useClientInfoStore = create<ClientInfo>()((set, get) => ({
  ip: null,
  fetchIp: async () => {
    if (get().ip) return;
    try {
      const res = await fetch("/api/ip-address");
      if (res.ok) set({ ip: ((await res.json()) as { clientIp: string }).clientIp });
    } catch (err) {
      console.warn("[client-info] ip lookup failed", err);
    }
  },
}));
