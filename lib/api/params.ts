import type { ZodType } from "zod";
import { ApiError } from "@/lib/api/errors";
import { readBodyText } from "@/lib/api/body";
import { checkText, fieldError } from "@/lib/api/text";

/**
 * A call's parameters: the query string, then the body (JSON only when sent as
 * application/json, else a form), each name once, the body's value winning. Every object made
 * here has no prototype, and a name that reaches for one is refused, so no parameter can
 * write through Object.prototype. Maps (variation[Fabric]=Oat, or variation={"Fabric":"Oat"})
 * are built only for the fields a call declares as maps.
 */
export type Params = Record<string, unknown>;
export type ParamOptions = { maps?: Iterable<string> };

export const MAX_PARAMS = 200;
export const MAX_JSON_DEPTH = 8;

const FORBIDDEN_NAMES = new Set(["__proto__", "constructor", "prototype"]);
const BRACKETED = /^([^[\]]+)\[([^[\]]*)\]$/;

const blank = (): Params => Object.create(null) as Params;
const isMap = (v: unknown): v is Params => typeof v === "object" && v !== null && !Array.isArray(v);

function forbiddenName(field: string): ApiError {
  return fieldError(field, "This parameter name is not allowed");
}

function checkName(field: string, name: string): void {
  checkText(field, name);
  if (name.split(/[[\].]/).some((piece) => FORBIDDEN_NAMES.has(piece))) throw forbiddenName(field);
}

class Counter {
  private n = 0;
  add(): void {
    if (++this.n > MAX_PARAMS)
      throw new ApiError(413, "too_many_parameters", `A call takes at most ${MAX_PARAMS} parameters`, {
        limit: MAX_PARAMS,
      });
  }
}

/** A parsed JSON value made safe: objects without prototypes, names and text checked, depth bounded. */
function fromJson(value: unknown, path: string, depth: number, count: Counter): unknown {
  if (typeof value === "string") {
    checkText(path, value);
    return value;
  }
  if (typeof value !== "object" || value === null) return value;
  if (depth >= MAX_JSON_DEPTH) throw fieldError(path, `Nested more than ${MAX_JSON_DEPTH} levels deep`);
  if (Array.isArray(value)) {
    return value.map((item, i) => {
      count.add();
      return fromJson(item, `${path}.${i}`, depth + 1, count);
    });
  }
  const out = blank();
  for (const [key, item] of Object.entries(value)) {
    count.add();
    const field = `${path}.${key}`;
    checkName(field, key);
    out[key] = fromJson(item, field, depth + 1, count);
  }
  return out;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, "invalid_json", "The request body is not valid JSON");
  }
}

/** A map sent as one string: variation={"Fabric":"Oat"}. */
function mapFromString(field: string, text: string, count: Counter): Params {
  let parsed: unknown = undefined;
  if (/^\s*\{/.test(text)) {
    try {
      parsed = JSON.parse(text);
    } catch {
      /* refused below */
    }
  }
  if (!isMap(parsed)) throw fieldError(field, `Must be a map: ${field}[name]=value, or a JSON object`);
  const map = blank();
  for (const [key, item] of Object.entries(parsed)) {
    count.add();
    checkName(`${field}[${key}]`, key);
    map[key] = fromJson(item, `${field}.${key}`, 1, count);
  }
  return map;
}

class Collector {
  readonly params = blank();
  readonly count = new Counter();
  constructor(private readonly maps: ReadonlySet<string>) {}

  put(name: string, value: unknown): void {
    checkName(name, name);
    const bracketed = BRACKETED.exec(name);
    if (bracketed && this.maps.has(bracketed[1]!)) {
      const [, field, key] = bracketed as unknown as [string, string, string];
      const current = this.params[field];
      const map = isMap(current) ? current : blank();
      map[key] = value;
      this.params[field] = map;
      return;
    }
    this.params[name] =
      this.maps.has(name) && typeof value === "string" ? mapFromString(name, value, this.count) : value;
  }

  pairs(search: URLSearchParams): void {
    for (const [name, value] of search) {
      this.count.add();
      checkText(name, value);
      this.put(name, value);
    }
  }

  json(body: unknown): void {
    if (!isMap(body)) throw new ApiError(400, "invalid_json", "The request body must be a JSON object");
    for (const [name, value] of Object.entries(body)) {
      this.count.add();
      this.put(name, fromJson(value, name, 1, this.count));
    }
  }
}

type MediaType = "json" | "form" | "other";

function mediaType(request: Request): MediaType {
  const essence = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (essence === "application/json" || /^application\/[\w.+-]+\+json$/.test(essence)) return "json";
  if (essence === "application/x-www-form-urlencoded") return "form";
  return "other";
}

export function unsupportedMediaType(request: Request): ApiError {
  const sent = request.headers.get("content-type") ?? "";
  return new ApiError(
    415,
    "unsupported_media_type",
    "Send parameters as application/json or application/x-www-form-urlencoded",
    { contentType: sent.slice(0, 100) },
  );
}

export async function readRequestParams(request: Request, opts: ParamOptions = {}): Promise<Params> {
  const collector = new Collector(new Set(opts.maps ?? []));
  collector.pairs(new URL(request.url).searchParams);
  if (request.method === "GET" || request.method === "HEAD") return collector.params;
  const text = await readBodyText(request);
  if (!text.trim()) return collector.params;
  const type = mediaType(request);
  if (type === "json") collector.json(parseJson(text));
  else if (type === "form") collector.pairs(new URLSearchParams(text));
  else throw unsupportedMediaType(request);
  return collector.params;
}

/**
 * A payment provider's form post, whatever content type it claims: its raw text (a signature
 * may depend on it) and its fields, checked like any other parameters.
 */
export async function readProviderForm(request: Request): Promise<{ raw: string; fields: Record<string, string> }> {
  const raw = await readBodyText(request);
  const collector = new Collector(new Set());
  collector.pairs(new URLSearchParams(raw));
  return { raw, fields: collector.params as Record<string, string> };
}

type Def = { type: string; innerType?: ZodType; in?: ZodType; shape?: Record<string, ZodType> };
const defOf = (schema: ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Past optional(), default(), nullable() and the like, to the schema that says what a value is. */
function unwrap(schema: ZodType): ZodType {
  for (let s = schema, i = 0; i < 20; i++) {
    const def = defOf(s);
    const next = def.innerType ?? (def.type === "pipe" ? def.in : undefined);
    if (!next) return s;
    s = next;
  }
  return schema;
}

/** The top-level fields of an object schema that hold a map (a record or a nested object). */
export function mapFieldsOf(schema: ZodType): string[] {
  const def = defOf(unwrap(schema));
  if (def.type !== "object" || !def.shape) return [];
  return Object.entries(def.shape)
    .filter(([, field]) => ["record", "object"].includes(defOf(unwrap(field)).type))
    .map(([name]) => name);
}
