"use client";

import { useCallback, useRef } from "react";
import { COUNTRY, PROVINCES } from "@/lib/forms/provinces";
import { usePlacesAutocomplete, type PlaceFill } from "@/components/checkout/places-autocomplete";

export type AddressValue = {
  FirstName: string;
  LastName: string;
  CompanyName: string;
  StreetAddress1: string;
  StreetAddress2: string;
  City: string;
  Province: string;
  Postcode: string;
  Country: string;
};

export const emptyAddress = (): AddressValue => ({
  FirstName: "",
  LastName: "",
  CompanyName: "",
  StreetAddress1: "",
  StreetAddress2: "",
  City: "",
  Province: "",
  Postcode: "",
  Country: COUNTRY,
});

type Props = {
  prefix: "shipping" | "billing";
  value: AddressValue;
  onChange: (next: AddressValue) => void;
  errors: Record<string, string>;
  /** A field changed or was left, with its name as the server names it ("shipping.Postcode"). */
  onCheck?: (field: string, value: string, left: boolean) => void;
};

export function Field({
  id,
  label,
  error,
  children,
  className = "",
}: {
  id: string;
  label: string;
  error?: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger" data-testid={`error-${id}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const inputClass = (error?: string) =>
  `w-full rounded-md border bg-white px-3 py-2.5 text-sm text-ink ${error ? "border-danger" : "border-ink/20"} focus:border-olive-700 focus:outline-none focus:ring-2 focus:ring-olive-700/20`;

/** The checkout's address set; errors arrive keyed like the server's ("shipping.Postcode"). */
export function AddressFields({ prefix, value, onChange, errors, onCheck }: Props) {
  const streetRef = useRef<HTMLInputElement>(null);
  const set = (k: keyof AddressValue, v: string) => {
    onChange({ ...value, [k]: v });
    onCheck?.(`${prefix}.${k}`, v, false);
  };
  const left = (k: keyof AddressValue, v: string) => onCheck?.(`${prefix}.${k}`, v, true);
  const fill = useCallback(
    (f: PlaceFill) => {
      const filled = Object.entries(f).filter((e): e is [string, string] => Boolean(e[1]));
      onChange({ ...value, ...Object.fromEntries(filled) });
      for (const [k, v] of filled) onCheck?.(`${prefix}.${k}`, v, true);
    },
    [value, onChange, onCheck, prefix],
  );
  usePlacesAutocomplete(streetRef, fill);
  const id = (k: keyof AddressValue) => `${prefix}-${k}`;
  const err = (k: keyof AddressValue) => errors[`${prefix}.${k}`];
  const input = (
    k: keyof AddressValue,
    autoComplete: string,
    extra: React.InputHTMLAttributes<HTMLInputElement> & { ref?: React.Ref<HTMLInputElement> } = {},
  ) => (
    <input
      id={id(k)}
      name={`${prefix}.${k}`}
      value={value[k]}
      onChange={(e) => set(k, e.target.value)}
      onBlur={(e) => left(k, e.target.value)}
      autoComplete={`${prefix} ${autoComplete}`}
      aria-invalid={err(k) ? true : undefined}
      aria-describedby={err(k) ? `${id(k)}-error` : undefined}
      className={inputClass(err(k))}
      {...extra}
    />
  );
  return (
    <div className="grid grid-cols-2 gap-4">
      <Field id={id("FirstName")} label="First name" error={err("FirstName")}>
        {input("FirstName", "given-name")}
      </Field>
      <Field id={id("LastName")} label="Last name" error={err("LastName")}>
        {input("LastName", "family-name")}
      </Field>
      <Field id={id("CompanyName")} label="Company (optional)" error={err("CompanyName")} className="col-span-2">
        {input("CompanyName", "organization")}
      </Field>
      <Field id={id("StreetAddress1")} label="Street address" error={err("StreetAddress1")} className="col-span-2">
        {input("StreetAddress1", "address-line1", { ref: streetRef, placeholder: "House number and street name" })}
      </Field>
      <Field
        id={id("StreetAddress2")}
        label="Apartment, complex, suburb (optional)"
        error={err("StreetAddress2")}
        className="col-span-2"
      >
        {input("StreetAddress2", "address-line2")}
      </Field>
      <Field id={id("City")} label="City or town" error={err("City")} className="col-span-2 sm:col-span-1">
        {input("City", "address-level2")}
      </Field>
      <Field id={id("Postcode")} label="Postcode" error={err("Postcode")} className="col-span-2 sm:col-span-1">
        {input("Postcode", "postal-code", { inputMode: "numeric", maxLength: 4, pattern: "[0-9]{4}" })}
      </Field>
      <Field id={id("Province")} label="Province" error={err("Province")} className="col-span-2 sm:col-span-1">
        <select
          id={id("Province")}
          name={`${prefix}.Province`}
          value={value.Province}
          onChange={(e) => set("Province", e.target.value)}
          onBlur={(e) => left("Province", e.target.value)}
          aria-invalid={err("Province") ? true : undefined}
          aria-describedby={err("Province") ? `${id("Province")}-error` : undefined}
          className={inputClass(err("Province"))}
          autoComplete={`${prefix} address-level1`}
        >
          <option value="" disabled>
            Choose a province
          </option>
          {PROVINCES.map((p) => (
            <option key={p}>{p}</option>
          ))}
        </select>
      </Field>
      <Field id={id("Country")} label="Country" className="col-span-2 sm:col-span-1">
        <select id={id("Country")} value={COUNTRY} disabled className={`${inputClass()} bg-oat-50`}>
          <option>{COUNTRY}</option>
        </select>
      </Field>
    </div>
  );
}
