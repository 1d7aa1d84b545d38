import type { Event, NodeOptions } from "@sentry/nextjs";

/** An SDK integration (the type is not exported by name). */
export type Integration = Extract<NonNullable<NodeOptions["integrations"]>, unknown[]>[number];

/**
 * What error reports may carry (POPIA). No user details, cookies (sessions, cart keys), request or
 * response bodies (passwords, addresses, payment notifications), database parameters or local
 * variables; of the headers only those that describe the browser (not the referer, an address
 * with its query); of query strings only paging and sorting: order links carry a secret key,
 * unsubscribe links a token.
 */
export const DATA_COLLECTION = {
  userInfo: false,
  cookies: false,
  httpHeaders: { allow: ["user-agent", "accept", "accept-language", "content-type"] },
  httpBodies: [],
  urlQueryParams: { allow: ["page", "sort"] },
  databaseQueryData: false,
  stackFrameVariables: false,
} satisfies NonNullable<NodeOptions["dataCollection"]>;

const KEPT_QUERY_PARAMS = new Set<string>(DATA_COLLECTION.urlQueryParams.allow);

/** A path or URL with every query value but paging and sorting replaced by "[Filtered]". */
export function filterQuery(pathOrUrl: string): string {
  const q = pathOrUrl.indexOf("?");
  if (q < 0) return pathOrUrl;
  const hash = pathOrUrl.indexOf("#", q);
  const params = new URLSearchParams(pathOrUrl.slice(q + 1, hash < 0 ? undefined : hash));
  for (const key of new Set(params.keys())) {
    if (!KEPT_QUERY_PARAMS.has(key)) params.set(key, "[Filtered]");
  }
  const fragment = hash < 0 ? "" : pathOrUrl.slice(hash);
  return `${pathOrUrl.slice(0, q)}?${params.toString().replaceAll("%5BFiltered%5D", "[Filtered]")}${fragment}`;
}

/** An address (absolute or a path) with a query string. */
const ADDRESS_WITH_QUERY = /^(?:https?:\/\/[^\s/]+)?\/[^\s]*\?/;
const filterIfAddress = (value: unknown) =>
  typeof value === "string" && ADDRESS_WITH_QUERY.test(value) ? filterQuery(value) : value;

/**
 * Filters the query strings in the places the SDK does not filter itself: the page address of
 * an event, Next's request path on server errors, breadcrumbs, and the addresses a replay lists.
 */
export function filterEventQueries<E extends Event>(event: E): E {
  if (event.request?.url) event.request.url = filterQuery(event.request.url);
  if (typeof event.request?.query_string === "string")
    event.request.query_string = filterQuery(`?${event.request.query_string}`).slice(1);
  else if (event.request?.query_string) event.request.query_string = "[Filtered]";
  const nextjs = event.contexts?.nextjs;
  if (nextjs && typeof nextjs.request_path === "string") nextjs.request_path = filterQuery(nextjs.request_path);
  if (event.transaction) event.transaction = filterIfAddress(event.transaction) as string;
  for (const crumb of event.breadcrumbs ?? []) {
    if (!crumb.data) continue;
    for (const key of ["url", "from", "to"]) if (key in crumb.data) crumb.data[key] = filterIfAddress(crumb.data[key]);
  }
  const replay = event as { urls?: unknown };
  if (Array.isArray(replay.urls)) replay.urls = replay.urls.map(filterIfAddress);
  return event;
}

/** Applies filterEventQueries to every event: errors, transactions and replay events. */
export function queryFilterIntegration(): Integration {
  return { name: "KayaQueryFilter", processEvent: (event: Event) => filterEventQueries(event) };
}

type SpanLike = { attributes?: Record<string, unknown> };

/** Filters query strings out of span attributes (Next's own spans record `http.target` as is). */
export function filterSpanQueries<S extends SpanLike>(span: S): S {
  for (const [key, raw] of Object.entries(span.attributes ?? {})) {
    if (raw && typeof raw === "object" && "value" in raw) {
      (raw as { value: unknown }).value = filterIfAddress((raw as { value: unknown }).value);
    } else {
      span.attributes![key] = filterIfAddress(raw);
    }
  }
  return span;
}
