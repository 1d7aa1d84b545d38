import { z } from "zod";

const RANDS = /^\d{1,7}(\.\d{1,2})?$/;

const clean = (v: string | number) =>
  String(v)
    .replace(/[\sR\u00a0]/gi, "")
    .replace(",", ".");

/** Rands as staff type them ("12 999", "R12999,50", "12999.5") in whole cents. */
export const rands = z
  .union([z.string(), z.number()])
  .transform(clean)
  .refine((v) => RANDS.test(v), { error: "Enter an amount in rands, like 1250.00" })
  .transform((v) => Math.round(Number(v) * 100));

/** The same, or null when left empty. */
export const optionalRands = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? "" : clean(v)))
  .refine((v) => v === "" || RANDS.test(v), { error: "Enter an amount in rands, like 1250.00, or leave it empty" })
  .transform((v) => (v === "" ? null : Math.round(Number(v) * 100)));
