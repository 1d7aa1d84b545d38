import { z } from "zod";
import { fieldErrors, slugField } from "@/lib/admin/slug";

/** A colour as the drawings and the database keep it: "#" and six hex digits, lower-case. */
export const HEX_COLOUR = /^#[0-9a-f]{6}$/;

const colour = (what: string) =>
  z
    .string({ error: `Give the ${what} as #rrggbb, e.g. #d9ccb4` })
    .trim()
    .toLowerCase()
    .regex(HEX_COLOUR, { error: `Give the ${what} as #rrggbb, e.g. #d9ccb4` });

/** A word shoppers search a colour by: letters, and a hyphen or apostrophe within ("off-white"). */
const COLOUR_WORD = /^\p{L}+(?:['-]\p{L}+)*$/u;

/** The longest name: what a filter's checkbox and a card's dot title show in one line. */
export const FABRIC_NAME_MAX = 40;

/**
 * The fabric form, as the browser checks it before sending and the server checks it again: one
 * schema, so both give the same message for the same field. The family is free text (the
 * fabrics page groups by it): a new kind of cloth needs no change to the code.
 */
export const fabricFields = z.object({
  name: z
    .string({ error: "Give the fabric a name" })
    .trim()
    .min(1, { error: "Give the fabric a name" })
    .max(FABRIC_NAME_MAX, { error: `Keep the name to ${FABRIC_NAME_MAX} characters` })
    // Options are written "Fabric=Oat|Size=3 Seater" in a variation's key: neither may be in a name.
    .regex(/^[^|=,]+$/, { error: "A name may not hold a comma, | or =" }),
  slug: slugField("fabric", "ivory-boucle").max(40, { error: "Keep the address to 40 characters" }),
  hex: colour("colour"),
  shade: colour("shade"),
  family: z
    .string({ error: "Name the fabric's family, e.g. Velvet" })
    .trim()
    .min(1, { error: "Name the fabric's family, e.g. Velvet" })
    .max(40, { error: "Keep the family to 40 characters" }),
  note: z.string().trim().max(200, { error: "Keep the note to 200 characters" }).optional().default(""),
  colourWords: z
    .string()
    .max(200, { error: "Keep the colour words to 200 characters" })
    .optional()
    .default("")
    .transform((text) =>
      text
        .split(",")
        .map((w) => w.trim().replace(/\s+/g, " "))
        .filter(Boolean)
        .join(", "),
    )
    .refine((text) => text.split(", ").every((w) => w === "" || COLOUR_WORD.test(w)), {
      error: "Write each colour word in letters, one word each (off-white is one), separated by commas",
    }),
  restockWeeks: z.coerce
    .number({ error: "The weeks are a whole number from 1 to 26" })
    .int({ error: "The weeks are a whole number from 1 to 26" })
    .min(1, { error: "The weeks are a whole number from 1 to 26" })
    .max(26, { error: "The weeks are a whole number from 1 to 26" }),
  position: z.coerce
    .number({ error: "The order is a whole number" })
    .int({ error: "The order is a whole number" })
    .min(0, { error: "The order is between 0 and 999" })
    .max(999, { error: "The order is between 0 and 999" })
    .optional()
    .default(0),
});

export type FabricFields = z.output<typeof fabricFields>;
export type FabricFormInput = z.input<typeof fabricFields>;

/** The form's values as it shows them: a new fabric's, or an existing one's. */
export type FabricFormValues = {
  id: number | null;
  name: string;
  slug: string;
  hex: string;
  shade: string;
  family: string;
  note: string;
  colourWords: string;
  restockWeeks: string;
  position: string;
};

export const NEW_FABRIC: FabricFormValues = {
  id: null,
  name: "",
  slug: "",
  hex: "",
  shade: "",
  family: "",
  note: "",
  colourWords: "",
  restockWeeks: "4",
  position: "0",
};

/** The schema's messages by field, as the server's refusal names them. */
export function fabricFieldErrors(input: FabricFormInput): Record<string, string> {
  return fieldErrors(fabricFields, input);
}

/** What the fabrics page says of a family: the family as fabrics name it, and a line or two. */
export const familyAboutFields = z.object({
  family: z
    .string({ error: "Name the family" })
    .trim()
    .min(1, { error: "Name the family" })
    .max(40, { error: "Keep the family to 40 characters" }),
  about: z.string({ error: "Write what the page says of the family" }).trim().max(300, {
    error: "Keep it to 300 characters",
  }),
});

export type FamilyAboutFields = z.output<typeof familyAboutFields>;
