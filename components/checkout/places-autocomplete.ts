"use client";

import { useEffect, type RefObject } from "react";
import { PROVINCES } from "@/lib/forms/provinces";
import { publicEnv } from "@/lib/config/public";

export type PlaceFill = { StreetAddress1?: string; City?: string; Province?: string; Postcode?: string };

/**
 * With NEXT_PUBLIC_GOOGLE_MAPS_KEY set, the street field gets Places autocomplete (South Africa
 * only) that fills city, province and postcode. The script loads only when the field is focused;
 * without a key nothing loads and the form is plain fields.
 */
export function usePlacesAutocomplete(input: RefObject<HTMLInputElement | null>, onFill: (fill: PlaceFill) => void) {
  useEffect(() => {
    const key = publicEnv().NEXT_PUBLIC_GOOGLE_MAPS_KEY;
    const el = input.current;
    if (!key || !el) return;
    let cancelled = false;
    let listener: google.maps.MapsEventListener | undefined;
    const load = async () => {
      el.removeEventListener("focus", load);
      const { setOptions, importLibrary } = await import("@googlemaps/js-api-loader");
      setOptions({ key, v: "weekly", region: "ZA", language: "en" });
      const places = await importLibrary("places");
      if (cancelled) return;
      const ac = new places.Autocomplete(el, {
        componentRestrictions: { country: "za" },
        fields: ["address_components"],
        types: ["address"],
      });
      listener = ac.addListener("place_changed", () => {
        const parts = ac.getPlace().address_components ?? [];
        const get = (type: string, short = false) => {
          const c = parts.find((p) => p.types.includes(type));
          return c ? (short ? c.short_name : c.long_name) : undefined;
        };
        const street = [get("street_number"), get("route")].filter(Boolean).join(" ");
        const province = get("administrative_area_level_1");
        onFill({
          StreetAddress1: street || undefined,
          City: get("locality") ?? get("sublocality") ?? get("postal_town"),
          Province: PROVINCES.find((p) => p.toLowerCase() === province?.toLowerCase()),
          Postcode: get("postal_code"),
        });
      });
    };
    el.addEventListener("focus", load);
    return () => {
      cancelled = true;
      el.removeEventListener("focus", load);
      listener?.remove();
    };
  }, [input, onFill]);
}
