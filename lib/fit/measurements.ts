/**
 * The shopper's measurements for "Will it fit?", as typed into the form (strings) or read back
 * from the browser's storage: whole centimetres within sensible bounds, each message naming its
 * field. zod's small build keeps the check light, and it loads only when the check is opened.
 */
import * as z from "zod/mini";
import type { Measurements } from "@/lib/fit/fit";

export const FIELDS = {
  doorWidth: { label: "Door width", min: 40, max: 250, example: 82 },
  doorHeight: { label: "Door height", min: 150, max: 350, example: 203 },
  hallWidth: { label: "Hallway or stair width", min: 40, max: 500, example: 90 },
  roomWidth: { label: "Space along the wall", min: 30, max: 2000, example: 250 },
  roomDepth: { label: "Space out from the wall", min: 30, max: 2000, example: 120 },
} as const;

export type FieldName = keyof typeof FIELDS;
export const REQUIRED: readonly FieldName[] = ["doorWidth", "doorHeight"];

/** The form as typed: every field a string, empty when not filled in. */
export type MeasurementsInput = Record<FieldName, string> & { turnIntoDoor: boolean };

export const EMPTY_INPUT: MeasurementsInput = {
  doorWidth: "",
  doorHeight: "",
  hallWidth: "",
  roomWidth: "",
  roomDepth: "",
  turnIntoDoor: false,
};

function centimetres(name: FieldName) {
  const { label, min, max, example } = FIELDS[name];
  const whole = `${label}: enter whole centimetres, like ${example}`;
  const range = `${label}: enter ${min} to ${max} cm`;
  return z.pipe(
    z.string({ error: whole }).check(z.trim(), z.regex(/^\d{1,4}$/, whole)),
    z.pipe(z.transform(Number), z.number().check(z.gte(min, range), z.lte(max, range))),
  );
}

/** An optional field left empty is not measured. */
function optional(name: FieldName) {
  return z.pipe(
    z.pipe(
      z.optional(z.string({ error: `${FIELDS[name].label}: enter whole centimetres, like ${FIELDS[name].example}` })),
      z.transform((s) => (s === undefined || s.trim() === "" ? undefined : s)),
    ),
    z.optional(centimetres(name)),
  );
}

function required(name: FieldName) {
  const { label } = FIELDS[name];
  return z.pipe(
    z
      .string({ error: `${label}: enter the ${label.toLowerCase()} in centimetres` })
      .check(z.trim(), z.minLength(1, `${label}: enter the ${label.toLowerCase()} in centimetres`)),
    centimetres(name),
  );
}

const schema = z.object({
  doorWidth: required("doorWidth"),
  doorHeight: required("doorHeight"),
  hallWidth: optional("hallWidth"),
  roomWidth: optional("roomWidth"),
  roomDepth: optional("roomDepth"),
  turnIntoDoor: z.optional(z.boolean({ error: "Turn into the door: yes or no" })),
});

export type FieldError = { field: FieldName | "turnIntoDoor"; message: string };

export type ParsedMeasurements = { ok: true; value: Measurements } | { ok: false; errors: FieldError[] };

/** Checks what the shopper typed; every problem, one per field, in the form's order. */
export function parseMeasurements(input: unknown): ParsedMeasurements {
  // Anything but a plain object reads as an empty form, so each message still names a field.
  const isRecord = typeof input === "object" && input !== null && !Array.isArray(input);
  const result = schema.safeParse(isRecord ? input : {});
  if (result.success) {
    const { turnIntoDoor, ...rest } = result.data;
    const value: Measurements = {
      doorWidth: rest.doorWidth,
      doorHeight: rest.doorHeight,
      turnIntoDoor: !!turnIntoDoor,
    };
    if (rest.hallWidth !== undefined) value.hallWidth = rest.hallWidth;
    if (rest.roomWidth !== undefined) value.roomWidth = rest.roomWidth;
    if (rest.roomDepth !== undefined) value.roomDepth = rest.roomDepth;
    return { ok: true, value };
  }
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field !== "string" || seen.has(field)) continue;
    seen.add(field);
    errors.push({ field: field as FieldError["field"], message: issue.message });
  }
  return { ok: false, errors };
}

/**
 * What the browser kept from last time, as the form's input: only known fields of the right
 * type, so a stored value someone edited by hand cannot break the page.
 */
export function storedInput(raw: string | null): MeasurementsInput {
  if (!raw) return EMPTY_INPUT;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return EMPTY_INPUT;
  }
  if (typeof data !== "object" || data === null) return EMPTY_INPUT;
  const record = data as Record<string, unknown>;
  const input: MeasurementsInput = { ...EMPTY_INPUT };
  for (const name of Object.keys(FIELDS) as FieldName[]) {
    const v = record[name];
    if (typeof v === "string" && /^\d{0,4}$/.test(v)) input[name] = v;
  }
  input.turnIntoDoor = record.turnIntoDoor === true;
  return input;
}
