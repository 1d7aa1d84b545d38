import fc from "fast-check";
import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { parseParams, readParams } from "@/lib/api/handler";

const BASE = "http://shop.test/api/anything";

function get(query: string): Request {
  return new Request(`${BASE}?${query}`);
}

function post(body: BodyInit, contentType?: string, headers: Record<string, string> = {}): Request {
  const h = new Headers(headers);
  if (contentType) h.set("content-type", contentType);
  return new Request(BASE, { method: "POST", headers: h, body, duplex: "half" } as RequestInit);
}

const form = (body: string) => post(body, "application/x-www-form-urlencoded");
const json = (body: unknown) => post(typeof body === "string" ? body : JSON.stringify(body), "application/json");

async function refusal(pending: Promise<unknown>): Promise<ApiError> {
  const err = await pending.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(err)}`);
  return err;
}

/** Whatever a request did, Object.prototype must look as it did before. */
const prototypeNames = () => Object.getOwnPropertyNames(Object.prototype).sort();
const pristine = prototypeNames();
function expectPrototypeUntouched() {
  expect(prototypeNames()).toEqual(pristine);
  const probe = {} as Record<string, unknown>;
  for (const name of ["token", "x", "isAdmin", "cartKey"]) expect(probe[name]).toBeUndefined();
}

/** A failing run (a parser that pollutes) must not poison the runs after it. */
function restorePrototype() {
  for (const name of Object.getOwnPropertyNames(Object.prototype)) {
    if (!pristine.includes(name)) delete (Object.prototype as Record<string, unknown>)[name];
  }
}
afterEach(restorePrototype);

const cartSchema = z.object({
  token: z.string().optional(),
  productId: z.coerce.number().int().positive(),
  variation: z.record(z.string().max(60), z.string().max(100)).optional(),
});

const addressSchema = z.object({ FirstName: z.string(), City: z.string() });
const checkoutSchema = z
  .object({ email: z.string(), shipping: addressSchema, billing: addressSchema.optional() })
  .superRefine(() => undefined);

describe("parameter names that reach for a prototype", () => {
  test.each([
    ["query", () => get("__proto__[token]=stolen")],
    ["form", () => form("__proto__[token]=stolen")],
    ["query, constructor", () => get("constructor[prototype][token]=stolen")],
    ["form, prototype", () => form("prototype=stolen")],
    ["query, in the brackets", () => get("variation[__proto__]=stolen")],
  ])("%s: refused with a 400 naming the parameter, nothing written to Object.prototype", async (_, request) => {
    const err = await refusal(readParams(request()));
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/__proto__|constructor|prototype/);
    expect(JSON.stringify(err.data)).toMatch(/__proto__|constructor|prototype/);
    expectPrototypeUntouched();
  });

  test("the bracket form of a declared map is refused too", async () => {
    const err = await refusal(parseParams(get("productId=1&variation[__proto__]=x"), cartSchema));
    expect(err.status).toBe(400);
    expect(err.data.field).toBe("variation[__proto__]");
    expectPrototypeUntouched();
  });

  test.each([
    ['{"__proto__":{"token":"stolen"}}', "__proto__"],
    ['{"shipping":{"City":"Durban","constructor":{"prototype":{"token":"stolen"}}}}', "shipping.constructor"],
    ['{"a":[{"b":{"prototype":1}}]}', "a.0.b.prototype"],
  ])("JSON at any depth: %s refused as %s", async (body, field) => {
    const err = await refusal(readParams(json(body)));
    expect(err.status).toBe(400);
    expect(err.data.field).toBe(field);
    expectPrototypeUntouched();
  });

  test("a map sent as a JSON string cannot carry one either", async () => {
    const err = await refusal(
      parseParams(get(`productId=1&variation=${encodeURIComponent('{"__proto__":{"token":"x"}}')}`), cartSchema),
    );
    expect(err.status).toBe(400);
    expectPrototypeUntouched();
  });

  test("parameters come back in objects without a prototype, maps included", async () => {
    const params = await readParams(get("a=1"));
    expect(Object.getPrototypeOf(params)).toBeNull();
    const parsed = await readParams(json({ shipping: { City: "Durban" } }));
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect(Object.getPrototypeOf(parsed.shipping)).toBeNull();
  });

  test("harmless names that happen to be Object.prototype's are plain parameters", async () => {
    const params = await readParams(get("toString=1&hasOwnProperty=2&valueOf=3"));
    expect({ ...params }).toEqual({ toString: "1", hasOwnProperty: "2", valueOf: "3" });
    expectPrototypeUntouched();
  });
});

describe("an explicit parser per call, no guessing", () => {
  test("JSON sent as text/plain is refused with a 415", async () => {
    const err = await refusal(readParams(post(JSON.stringify({ productId: 1 }), "text/plain;charset=UTF-8")));
    expect(err.status).toBe(415);
    expect(err.code).toBe("unsupported_media_type");
  });

  test.each([["text/plain"], ["multipart/form-data; boundary=x"], ["application/xml"], [undefined]])(
    "a body sent as %s is refused with a 415",
    async (type) => {
      const err = await refusal(readParams(post(new TextEncoder().encode("productId=1"), type)));
      expect(err.status).toBe(415);
    },
  );

  test("a form body is read as a form even when it starts with a brace", async () => {
    const params = await readParams(form("{a=1"));
    expect({ ...params }).toEqual({ "{a": "1" });
  });

  test("application/json with a charset, and an empty body, are fine", async () => {
    expect({ ...(await readParams(post('{"a":"1"}', "application/json; charset=utf-8"))) }).toEqual({ a: "1" });
    expect({ ...(await readParams(post("", "application/json"))) }).toEqual({});
    expect({ ...(await readParams(post("", "text/plain"))) }).toEqual({});
  });

  test("a text parameter that looks like JSON stays text", async () => {
    const params = await readParams(get(`note=${encodeURIComponent('{"a":1}')}`));
    expect(params.note).toBe('{"a":1}');
    const fromForm = await parseParams(form(`token=${encodeURIComponent('{"a":1}')}&productId=1`), cartSchema);
    expect(fromForm.token).toBe('{"a":1}');
  });

  test("bracket keys are a map only where the schema declares one", async () => {
    const params = await parseParams(get("productId=1&token[a]=1"), cartSchema);
    expect(params.token).toBeUndefined();
    const plain = await readParams(get("variation[Fabric]=Oat"));
    expect(plain.variation).toBeUndefined();
    expect(plain["variation[Fabric]"]).toBe("Oat");
  });

  test.each([
    ["bracket form in a query", () => get("productId=7&variation[Fabric]=Oat&variation[Size]=3%20Seater")],
    ["bracket form in a form", () => form("productId=7&variation%5BFabric%5D=Oat&variation%5BSize%5D=3+Seater")],
    [
      "a JSON string in a query",
      () => get(`productId=7&variation=${encodeURIComponent('{"Fabric":"Oat","Size":"3 Seater"}')}`),
    ],
    [
      "a JSON string in a form",
      () => form(`productId=7&variation=${encodeURIComponent('{"Fabric":"Oat","Size":"3 Seater"}')}`),
    ],
    ["an object in a JSON body", () => json({ productId: 7, variation: { Fabric: "Oat", Size: "3 Seater" } })],
    ["a JSON string in a JSON body", () => json({ productId: 7, variation: '{"Fabric":"Oat","Size":"3 Seater"}' })],
  ])("the cart's variation map keeps working: %s", async (_, request) => {
    const params = await parseParams(request(), cartSchema);
    expect(params.productId).toBe(7);
    expect(params.variation).toEqual({ Fabric: "Oat", Size: "3 Seater" });
  });

  test("a declared map that is not one is a 400 naming it", async () => {
    const err = await refusal(parseParams(get("productId=1&variation=blue"), cartSchema));
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/^variation/);
    const array = await refusal(parseParams(get(`productId=1&variation=${encodeURIComponent('["Oat"]')}`), cartSchema));
    expect(array.status).toBe(400);
  });

  test("nested objects (an address) in bracket form or JSON, behind a refined schema", async () => {
    const fromForm = await parseParams(
      form("email=a%40b.co&shipping[FirstName]=Thandi&shipping[City]=Durban"),
      checkoutSchema,
    );
    expect(fromForm.shipping).toEqual({ FirstName: "Thandi", City: "Durban" });
    const fromJson = await parseParams(
      json({
        email: "a@b.co",
        shipping: { FirstName: "Thandi", City: "Durban" },
        billing: { FirstName: "Sipho", City: "Paarl" },
      }),
      checkoutSchema,
    );
    expect(fromJson.billing).toEqual({ FirstName: "Sipho", City: "Paarl" });
  });

  test("the body's value wins over the query's", async () => {
    const request = new Request(`${BASE}?a=query&b=query`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"a":"body"}',
    });
    expect({ ...(await readParams(request)) }).toEqual({ a: "body", b: "query" });
  });

  test("broken JSON, and JSON that is not an object, are 400s", async () => {
    expect((await refusal(readParams(json('{"a":')))).code).toBe("invalid_json");
    expect((await refusal(readParams(json("[1,2]")))).code).toBe("invalid_json");
    expect((await refusal(readParams(json('"text"')))).code).toBe("invalid_json");
  });

  test("JSON nested too deeply is a 400, not a stack overflow", async () => {
    const deep = `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`;
    const err = await refusal(readParams(json(deep)));
    expect(err.status).toBe(400);
  });
});

describe("text that no field may hold", () => {
  test.each([
    ["NUL in a query value", () => get("cartKey=abc%00def"), "cartKey"],
    ["NUL in a form value", () => form("email=a%00@b.co"), "email"],
    ["NUL in a parameter name", () => get("a%00b=1"), "a\ufffdb"],
    ["NUL in a JSON value", () => json('{"promoCode":"WELCOME\\u0000"}'), "promoCode"],
    ["a lone high surrogate in JSON", () => json('{"name":"Th\\ud800andi"}'), "name"],
    ["a lone low surrogate in JSON", () => json('{"name":"\\udc00"}'), "name"],
    ["NUL deep in a JSON body", () => json({ shipping: { City: "Dur\u0000ban" } }), "shipping.City"],
    ["NUL in a map value", () => get("variation[Fabric]=O%00at"), "variation[Fabric]"],
  ])("%s: a 400 naming the field", async (_, request, field) => {
    const err = await refusal(readParams(request()));
    expect(err.status).toBe(400);
    expect(err.data.field).toBe(field);
    expect(err.message.startsWith(field)).toBe(true);
  });

  test("a surrogate pair (an emoji) is fine", async () => {
    const params = await readParams(json({ name: "Thandi 🛋️" }));
    expect(params.name).toBe("Thandi 🛋️");
  });
});

describe("limits", () => {
  /** A body that counts what is read from it, so a test can tell whether it was read at all. */
  function countingBody(totalBytes: number, chunkBytes = 16 * 1024) {
    let pulled = 0;
    const chunk = new TextEncoder().encode("a=".padEnd(chunkBytes, "b"));
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (pulled >= totalBytes) return controller.close();
          pulled += chunk.byteLength;
          controller.enqueue(chunk);
        },
      },
      { highWaterMark: 0 },
    );
    return { stream, pulled: () => pulled };
  }

  test("a declared Content-Length over the limit is a 413 before a byte is read", async () => {
    const body = countingBody(2 * 1024 * 1024);
    const request = post(body.stream, "application/x-www-form-urlencoded", {
      "content-length": String(200 * 1024 * 1024),
    });
    const err = await refusal(readParams(request));
    expect(err.status).toBe(413);
    expect(err.code).toBe("payload_too_large");
    expect(body.pulled()).toBe(0);
  });

  test("a body without a length is read up to the limit and then abandoned", async () => {
    const body = countingBody(8 * 1024 * 1024);
    const err = await refusal(readParams(post(body.stream, "application/x-www-form-urlencoded")));
    expect(err.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(128 * 1024);
  });

  test("too many parameters is a 413", async () => {
    const many = Array.from({ length: 5000 }, (_, i) => `k${i}=v`).join("&");
    const err = await refusal(readParams(get(many)));
    expect(err.status).toBe(413);
    expect(err.code).toBe("too_many_parameters");
    const inJson = await refusal(
      readParams(json(Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, "v"])))),
    );
    expect(inJson.status).toBe(413);
  });

  test("a checkout with two full addresses is well inside the limits", async () => {
    const address = {
      FirstName: "Nomvula".repeat(8),
      LastName: "Jansen van Rensburg".repeat(3),
      CompanyName: "K".repeat(100),
      StreetAddress1: "S".repeat(120),
      StreetAddress2: "T".repeat(120),
      City: "Cape Town",
      Province: "Western Cape",
      Postcode: "8001",
      Country: "South Africa",
    };
    const body = {
      email: "a@b.co",
      phone: "082 123 4567",
      shipping: address,
      billing: address,
      billingSameAsShipping: false,
      paymentMethod: "payfast",
      idempotencyKey: "k".repeat(100),
      marketingConsent: true,
    };
    const params = await readParams(json(body));
    expect(Object.keys(params)).toHaveLength(8);
  });
});

describe("properties", () => {
  const dangerous = fc.constantFrom(
    "__proto__",
    "constructor",
    "prototype",
    "__proto__[token]",
    "a[__proto__]",
    "constructor[prototype]",
    "variation[x]",
    "variation",
    "token",
    "toString",
    "\u0000",
    "\ud800",
    "[",
    "]",
    "a[]",
    "[b]",
  );
  const key = fc.oneof(dangerous, fc.string(), fc.string({ unit: "binary", maxLength: 8 }));
  const value = fc.oneof(
    fc.string(),
    fc.string({ unit: "binary", maxLength: 8 }),
    fc.constantFrom("{", '{"__proto__":{"x":1}}', '{"a":"b"}', "[1]", "\u0000"),
  );
  const entries = fc.array(fc.tuple(key, value), { maxLength: 12 });
  const jsonValue = fc.letrec((tie) => ({
    node: fc.oneof(
      { depthSize: "small" },
      value,
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie("node"), { maxLength: 3 }),
      fc.dictionary(key, tie("node"), { maxKeys: 4 }),
    ),
  })).node;

  async function outcome(pending: Promise<unknown>) {
    try {
      return await pending;
    } catch (err) {
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).status).toBeGreaterThanOrEqual(400);
      expect((err as ApiError).status).toBeLessThan(500);
      return null;
    }
  }

  function noPrototypes(value: unknown) {
    if (typeof value !== "object" || value === null) return;
    if (!Array.isArray(value)) expect(Object.getPrototypeOf(value)).toBeNull();
    for (const v of Object.values(value)) noPrototypes(v);
  }

  const looseSchema = z
    .object({
      token: z.string(),
      productId: z.coerce.number(),
      variation: z.record(z.string(), z.string()),
      shipping: addressSchema.partial(),
    })
    .partial();

  test("query and form parameters never pollute Object.prototype and fail only with an ApiError", async () => {
    await fc.assert(
      fc.asyncProperty(entries, fc.boolean(), async (pairs, asForm) => {
        restorePrototype();
        const text = new URLSearchParams(pairs).toString();
        await outcome(parseParams(asForm ? form(text) : get(text), looseSchema));
        await outcome(readParams(asForm ? form(text) : get(text)));
        expectPrototypeUntouched();
      }),
      { numRuns: 300 },
    );
  });

  test("JSON bodies never pollute Object.prototype and fail only with an ApiError", async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(key, jsonValue, { maxKeys: 6 }), async (body) => {
        restorePrototype();
        const raw = JSON.stringify(body);
        await outcome(parseParams(json(raw), looseSchema));
        await outcome(readParams(json(raw)));
        expectPrototypeUntouched();
      }),
      { numRuns: 300 },
    );
  });

  test("what comes back has no prototype at any depth", async () => {
    await fc.assert(
      fc.asyncProperty(entries, fc.dictionary(key, jsonValue, { maxKeys: 6 }), async (pairs, body) => {
        noPrototypes(await outcome(readParams(get(new URLSearchParams(pairs).toString()), { maps: ["variation"] })));
        noPrototypes(await outcome(readParams(json(JSON.stringify(body)))));
      }),
      { numRuns: 200 },
    );
  });

  test("any body, as any content type, fails only with an ApiError", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "binary", maxLength: 200 }),
        fc.constantFrom(
          "application/json",
          "application/x-www-form-urlencoded",
          "text/plain",
          "",
          "application/json; charset=latin1",
        ),
        async (body, type) => {
          await outcome(readParams(post(body, type || undefined)));
          expectPrototypeUntouched();
        },
      ),
      { numRuns: 300 },
    );
  });
});
