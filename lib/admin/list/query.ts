import { z } from "zod";

/** A page's search parameters as Next hands them over. */
export type SearchParams = Record<string, string | string[] | undefined>;
/** The parameters a list knows, one value each: what its links and forms carry on. */
export type ListParams = Record<string, string | undefined>;

export type ListQuery<Q> = {
  /** The typed query: the parsed filters, page and sort, or the list's defaults. */
  query: Q;
  /** The list's own parameters as they came, kept by every link the list builds. */
  params: ListParams;
  /** Why the parameters were set aside, in words for the page ("The filter from …"); null when they parsed. */
  problem: string | null;
};

const first = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/** The first value of each named parameter, in an object without a prototype (a `__proto__` key stays data). */
export function pickParams(raw: SearchParams, keys: readonly string[]): ListParams {
  const picked: ListParams = Object.create(null);
  for (const key of keys) {
    const value = Object.hasOwn(raw, key) ? first(raw[key]) : undefined;
    if (typeof value === "string") picked[key] = value;
  }
  return picked;
}

/**
 * A list's search parameters parsed into its typed query. Only the schema's keys (and `keep`, such
 * as a tab that picks the list) are read. When they do not parse, the list shows its defaults (the
 * schema's answer to no parameters) and every link starts afresh, so a bad value never sticks.
 */
export function parseListQuery<S extends z.ZodObject>(
  schema: S,
  raw: SearchParams,
  options: { keep?: readonly string[] } = {},
): ListQuery<z.output<S>> {
  const keep = options.keep ?? [];
  const params = pickParams(raw, [...Object.keys(schema.shape), ...keep]);
  const parsed = schema.safeParse({ ...params });
  if (parsed.success) return { query: parsed.data, params, problem: null };
  const issue = parsed.error.issues[0]!;
  return {
    query: schema.parse({}),
    params: pickParams(raw, keep),
    problem: `The filter ${String(issue.path[0])} ${issue.message}`,
  };
}

export type SortDirection = "asc" | "desc";
export type Sort<K extends string> = { key: K; direction: SortDirection };

/**
 * A `sort` parameter over these keys: `name` sorts up, `-name` down. Anything else falls back to
 * the default, so a hand-edited address still shows the list.
 */
export function sortParam<K extends string>(keys: readonly [K, ...K[]], fallback: Sort<K>) {
  return z
    .string()
    .optional()
    .transform((v): Sort<K> => {
      const key = (v ?? "").replace(/^-/, "") as K;
      if (!keys.includes(key)) return fallback;
      return { key, direction: v!.startsWith("-") ? "desc" : "asc" };
    });
}

/** The `sort` parameter's value for a sort. */
export const sortValue = (sort: Sort<string>): string => (sort.direction === "desc" ? `-${sort.key}` : sort.key);

const WHOLE_FROM_1 = "must be a whole number from 1";

/**
 * A list's page number: a whole number from 1, the first page when it is missing. Its messages
 * follow the parameter's name ("page must be a whole number from 1"), on the page and from the API.
 */
export const pageParam = z.coerce
  .number({ error: WHOLE_FROM_1 })
  .int({ error: WHOLE_FROM_1 })
  .min(1, { error: WHOLE_FROM_1 })
  .max(100_000, { error: "must be 100000 or less" })
  .default(1);

/** The query's filters alone, without its page (and whatever else `omit` names): what an export sends. */
export function filtersOf(query: object, omit: readonly string[] = ["page"]): ListParams {
  const filters: ListParams = {};
  for (const [key, value] of Object.entries(query))
    if (!omit.includes(key) && (typeof value === "string" || value === undefined)) filters[key] = value;
  return filters;
}

/** Whether 2026-02-28 names a day of the calendar (2026-02-30 does not). zod checks this even when the pattern failed. */
function isRealDay(v: string): boolean {
  const noon = new Date(`${v}T12:00:00Z`);
  return !Number.isNaN(noon.getTime()) && noon.toISOString().startsWith(v);
}

/** An empty control sends "": no filter. */
export const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** A day filter ("from", "to"), as a date control sends it, or none. */
export const dayParam = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date like 2026-11-23" })
    .refine(isRealDay, { error: "must be a real date" })
    .optional(),
);
