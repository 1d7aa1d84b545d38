/** @jest-environment jsdom */
import { CONSENT_VERSION } from "@/lib/analytics/consent";
import { takeSettingsOpener, useConsentStore } from "@/stores/consent";
import { STORAGE_KEY } from "@/lib/http/cookie-names";

describe("consent store", () => {
  beforeEach(() => {
    localStorage.clear();
    useConsentStore.setState({ choice: null, loaded: false, settingsOpen: false });
  });

  test("starts unknown until the stored choice is read; nothing stored means no choice", () => {
    expect(useConsentStore.getState()).toMatchObject({ choice: null, loaded: false });
    useConsentStore.getState().load();
    expect(useConsentStore.getState()).toMatchObject({ choice: null, loaded: true });
  });

  test("a choice is saved with the version and date, closes the settings and is read back on the next load", () => {
    useConsentStore.getState().openSettings();
    const choice = useConsentStore.getState().choose({ analytics: true, marketing: false }, ["analytics", "marketing"]);
    expect(choice).toMatchObject({ version: CONSENT_VERSION, granted: { analytics: true, marketing: false } });
    expect(useConsentStore.getState()).toMatchObject({ choice, settingsOpen: false });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY.consent)!)).toEqual(choice);

    useConsentStore.setState({ choice: null, loaded: false });
    useConsentStore.getState().load();
    expect(useConsentStore.getState().choice).toEqual(choice);
  });

  test("a damaged record is ignored, so the shopper is asked again", () => {
    localStorage.setItem(STORAGE_KEY.consent, '{"version":1,"date":');
    useConsentStore.getState().load();
    expect(useConsentStore.getState()).toMatchObject({ choice: null, loaded: true });
  });

  test("remembers which control opened the settings, once", () => {
    const button = document.createElement("button");
    useConsentStore.getState().openSettings(button);
    expect(useConsentStore.getState().settingsOpen).toBe(true);
    expect(takeSettingsOpener()).toBe(button);
    expect(takeSettingsOpener()).toBeNull();
  });
});
