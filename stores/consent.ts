import { create } from "zustand";
import {
  type ConsentCategory,
  type ConsentChoice,
  type Grants,
  makeChoice,
  readChoice,
  saveChoice,
} from "@/lib/analytics/consent";

/** The shopper's cookie choice in the browser (lib/analytics/consent.ts holds the rules). */
type ConsentState = {
  choice: ConsentChoice | null;
  /** The stored choice has been read (only ever in the browser). */
  loaded: boolean;
  /** The per-category choices are open from the footer's Cookie settings (or a #cookie-settings link). */
  settingsOpen: boolean;
  /** "Choose cookies" was pressed on the notice the server drew: the banner opens with the choices. */
  choicesRequested: boolean;
  load: () => void;
  choose: (granted: Partial<Grants>, offered: readonly ConsentCategory[]) => ConsentChoice;
  openSettings: (opener?: HTMLElement | null) => void;
  requestChoices: () => void;
  closeSettings: () => void;
};

let opener: HTMLElement | null = null;

const storage = () => (typeof window === "undefined" ? undefined : window.localStorage);

export const useConsentStore = create<ConsentState>()((set) => ({
  choice: null,
  loaded: false,
  settingsOpen: false,
  choicesRequested: false,
  load: () => set({ choice: readChoice(storage()), loaded: true }),
  choose: (granted, offered) => {
    const choice = makeChoice(granted, offered);
    saveChoice(storage(), choice);
    set({ choice, loaded: true, settingsOpen: false, choicesRequested: false });
    return choice;
  },
  openSettings: (from) => {
    opener = from ?? null;
    set({ settingsOpen: true });
  },
  requestChoices: () => set({ choicesRequested: true }),
  closeSettings: () => set({ settingsOpen: false }),
}));

/** The control that opened the settings, to give focus back to when they close. */
export function takeSettingsOpener(): HTMLElement | null {
  const el = opener;
  opener = null;
  return el;
}
