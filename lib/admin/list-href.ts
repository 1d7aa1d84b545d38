export type SearchParams = Record<string, string | string[] | undefined>;

/** A list's address with its current filters and these changes (a page number, a tab). */
export function listHref(
  path: string,
  current: SearchParams,
  changes: Record<string, string | number | undefined>,
): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(current)) if (typeof v === "string" && v && !(k in changes)) qs.set(k, v);
  for (const [k, v] of Object.entries(changes))
    if (v !== undefined && v !== "" && !(k === "page" && v === 1)) qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}
