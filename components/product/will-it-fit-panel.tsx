"use client";

import { useId, useRef, useState, type FormEvent } from "react";
import type { Dimensions } from "@/lib/db/schema";
import { DOOR_OFF_HINGES_CM, willItFit, type FitAnswer, type FitLevel, type Measurements } from "@/lib/fit/fit";
import {
  EMPTY_INPUT,
  FIELDS,
  REQUIRED,
  parseMeasurements,
  storedInput,
  type FieldError,
  type FieldName,
  type MeasurementsInput,
} from "@/lib/fit/measurements";
import { STORAGE_KEY } from "@/lib/http/cookie-names";
import { FitDrawing } from "@/components/product/will-it-fit-drawing";

export type WillItFitPanelProps = {
  name: string;
  /** The size checked ("3 Seater"), for a product made in several. */
  size?: string | null;
  dimensions: Dimensions;
};

const HINTS: Partial<Record<FieldName, string>> = {
  doorWidth: "Inside edge to inside edge, at the narrowest point.",
  hallWidth: "The narrowest hallway or stair on the way in.",
  roomWidth: "Where it will stand, along the wall.",
  roomDepth: "Out from the wall into the room.",
};

const VERDICT: Record<FitLevel, { text: string; className: string }> = {
  fits: { text: "It fits", className: "bg-olive-100 text-olive-800" },
  tight: { text: "Tight: it fits, just", className: "bg-oat-200 text-ink" },
  "wont-fit": { text: "It won't fit", className: "bg-danger/10 text-danger" },
};

function readStored(): MeasurementsInput {
  try {
    return storedInput(window.localStorage.getItem(STORAGE_KEY.fitMeasurements));
  } catch {
    return EMPTY_INPUT;
  }
}

function store(input: MeasurementsInput) {
  try {
    window.localStorage.setItem(STORAGE_KEY.fitMeasurements, JSON.stringify(input));
  } catch {
    // Private browsing or a full storage: the check still works, it just is not remembered.
  }
}

/** The measurements last checked, or what is wrong with them. */
function check(input: MeasurementsInput): Measurements | FieldError[] {
  const parsed = parseMeasurements(input);
  return parsed.ok ? parsed.value : parsed.errors;
}

/** What goes through the door, when it is not the whole piece. */
function Arrival({ dimensions, piece }: { dimensions: Dimensions; piece: string | null }) {
  const a = dimensions.arrivesIn;
  const size = (p: { width: number; depth: number; height: number }) => `${p.width} x ${p.depth} x ${p.height} cm`;
  if (!a) {
    return (
      <p className="text-sm text-stone-700" data-testid="fit-piece">
        Checked{piece ? ` for the ${piece}` : ""} with its width, depth, height
        {dimensions.diagonalDepth ? " and diagonal depth" : ""}: {size(dimensions)}
        {dimensions.diagonalDepth ? `, ${dimensions.diagonalDepth} cm diagonal` : ""}.
        {dimensions.openLength ? ` Opened into a bed it reaches ${dimensions.openLength} cm from the wall.` : ""}
      </p>
    );
  }
  return (
    <p className="text-sm text-stone-700" data-testid="fit-arrives">
      {piece ? `The ${piece} arrives` : "Arrives"}
      {a.form === "sections"
        ? ` in ${a.parts} sections, joined in your room: the door needs to take only the largest, ${a.largest.name} (${size(a.largest)}).`
        : ` flat-packed and is assembled in your room: the door needs to take only the largest pack, ${a.largest.name} (${size(a.largest)}).`}{" "}
      The room takes the whole piece, {dimensions.width} x {dimensions.depth} cm.
    </p>
  );
}

/** The "Will it fit?" form and its answer; loaded only once the shopper opens the check. */
export function WillItFitPanel({ name, size = null, dimensions }: WillItFitPanelProps) {
  const id = useId();
  // The panel only ever renders in the browser, after the shopper opened it: storage is there.
  const [input, setInput] = useState<MeasurementsInput>(readStored);
  const [errors, setErrors] = useState<FieldError[]>([]);
  // Measurements kept from another product are checked against this one straight away; the answer
  // is worked out from the piece as it is now, so choosing another size answers for that size.
  const [checked, setChecked] = useState<Measurements | null>(() => {
    if (!REQUIRED.every((f) => input[f] !== "")) return null;
    const r = check(input);
    return Array.isArray(r) ? null : r;
  });
  const answer: FitAnswer | null = checked ? willItFit(dimensions, checked) : null;
  const form = useRef<HTMLFormElement>(null);

  const errorFor = (field: string) => errors.find((e) => e.field === field)?.message;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const r = check(input);
    if (Array.isArray(r)) {
      setErrors(r);
      setChecked(null);
      const first = r[0];
      if (first) form.current?.querySelector<HTMLInputElement>(`[name="${first.field}"]`)?.focus();
      return;
    }
    setErrors([]);
    setChecked(r);
    store(input);
  }

  function field(name: FieldName) {
    const { label } = FIELDS[name];
    const required = REQUIRED.includes(name);
    const error = errorFor(name);
    const hint = HINTS[name];
    const describedBy = [hint ? `${id}-${name}-hint` : "", error ? `${id}-${name}-error` : ""]
      .filter(Boolean)
      .join(" ");
    return (
      <div key={name}>
        <label htmlFor={`${id}-${name}`} className="block text-sm font-semibold text-ink">
          {label} (cm)
          {required ? null : <span className="font-normal text-stone-600"> (optional)</span>}
        </label>
        <div className="mt-1.5 flex items-center gap-2">
          <input
            id={`${id}-${name}`}
            name={name}
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            required={required}
            value={input[name]}
            onChange={(e) => setInput({ ...input, [name]: e.target.value })}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy || undefined}
            className="block w-28 rounded-md border border-ink/20 bg-white px-3 py-2 text-base text-ink shadow-sm focus:border-olive-700 focus:ring-2 focus:ring-olive-700 focus:outline-none aria-[invalid=true]:border-danger"
          />
          <span aria-hidden className="text-sm text-stone-600">
            cm
          </span>
        </div>
        {hint ? (
          <p id={`${id}-${name}-hint`} className="mt-1 text-xs text-stone-600">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-${name}-error`} className="mt-1 text-sm font-medium text-danger" data-testid="fit-error">
            {error}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <div className="mt-4 grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <form
        ref={form}
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
        aria-label={`Will the ${name} fit?`}
      >
        <Arrival dimensions={dimensions} piece={size} />
        <fieldset className="grid grid-cols-2 gap-4">
          <legend className="mb-2 text-sm font-semibold text-ink">Your doorway</legend>
          {field("doorWidth")}
          {field("doorHeight")}
        </fieldset>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-semibold text-ink">On the way in</legend>
          {field("hallWidth")}
          <label className="flex min-h-6 items-center gap-3 text-sm text-ink">
            <input
              type="checkbox"
              name="turnIntoDoor"
              checked={input.turnIntoDoor}
              onChange={(e) => setInput({ ...input, turnIntoDoor: e.target.checked })}
              className="size-6 shrink-0 accent-olive-700"
            />
            The hallway turns into the door at a corner
          </label>
        </fieldset>
        <fieldset className="grid grid-cols-2 gap-4">
          <legend className="mb-2 text-sm font-semibold text-ink">The space in the room</legend>
          {field("roomWidth")}
          {field("roomDepth")}
        </fieldset>
        <button type="submit" className="btn-primary self-start">
          Check the fit
        </button>
      </form>
      <div role="status" aria-live="polite" aria-atomic="true" data-testid="fit-answer" className="flex flex-col gap-3">
        {answer && checked ? (
          <>
            <p
              className={`self-start rounded-md px-3 py-1.5 text-base font-semibold ${VERDICT[answer.level].className}`}
              data-testid="fit-verdict"
              data-level={answer.level}
            >
              {VERDICT[answer.level].text}
            </p>
            <p className="text-sm text-stone-700" data-testid="fit-reason">
              {answer.reason}
            </p>
            <FitDrawing answer={answer} measurements={checked} dimensions={dimensions} name={name} />
          </>
        ) : errors.length ? (
          <p className="text-sm text-danger">Please check the measurements marked in the form.</p>
        ) : (
          <p className="text-sm text-stone-600">
            Measure in centimetres: the door&apos;s clear opening (taking it off its hinges gains about{" "}
            {DOOR_OFF_HINGES_CM} cm), its height, the narrowest hallway or stair, and the space where the piece will
            stand.
          </p>
        )}
      </div>
    </div>
  );
}
