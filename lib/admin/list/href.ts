import { sortValue, type ListParams, type Sort } from "@/lib/admin/list/query";

export type ParamChanges = Record<string, string | number | undefined>;

/**
 * A list's address with its current parameters and these changes. Changing anything but the page
 * goes back to the first page, and page 1 is left out, so each view has one address.
 */
export function listHref(path: string, params: ListParams, changes: ParamChanges): string {
  const search = new URLSearchParams();
  const merged: ParamChanges = { ...params, page: undefined, ...changes };
  for (const [key, value] of Object.entries(merged))
    if (value !== undefined && value !== "" && !(key === "page" && Number(value) === 1)) search.set(key, String(value));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** A pager's link: this page of the list, the filters kept. */
export const pageHref = (path: string, params: ListParams, page: number): string => listHref(path, params, { page });

/** A column header's link: sorted by this key, up first, down when it is already up. */
export function sortHref(path: string, params: ListParams, current: Sort<string>, key: string): string {
  const direction = current.key === key && current.direction === "asc" ? "desc" : "asc";
  return listHref(path, params, { sort: sortValue({ key, direction }) });
}
