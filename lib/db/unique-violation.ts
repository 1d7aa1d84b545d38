/**
 * True when a write failed on a unique constraint (SQLSTATE 23505). Drizzle wraps the driver's
 * error, and pg and PGlite name the code in the same place, so look one level down as well.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (
    let e: unknown = err, depth = 0;
    e && typeof e === "object" && depth < 3;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505") return constraint === undefined || name === undefined || name === constraint;
  }
  return false;
}
