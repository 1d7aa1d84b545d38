import { randomBytes } from "node:crypto";
import { buildItn, issueItn } from "@/standins/payfast";
import type { StandInServer } from "@/standins/server";
import { freshAddress, type Answer, type Client } from "./http";

export const ADDRESS = {
  FirstName: "Thandi",
  LastName: "Mokoena",
  StreetAddress1: "12 Loop Street",
  City: "Cape Town",
  Province: "Western Cape",
  Postcode: "8001",
};
export const PASSWORD = "Stoep-Sunset-1981";

let counter = 0;
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${++counter}@example.co.za`;
/** A South African mobile number of its own: one number may have only a few unpaid orders at once. */
const PHONE_BASE = Math.floor(Math.random() * 50_000_000);
export const uniquePhone = () => `07${String((PHONE_BASE + ++counter) % 100_000_000).padStart(8, "0")}`;
export const newKey = () => `rel-${randomBytes(12).toString("hex")}`;

export type Placed = { id: number; number: string; key: string; total: string; status: string };
export type CheckoutAnswer = {
  order: Placed;
  order_url: string;
  next: { kind: string; action?: string; fields?: Array<[string, string]>; url?: string };
  replay: boolean;
};

/** A guest shopper: one address, one cart key. */
export class Guest {
  readonly ip = freshAddress();
  cartKey = "";
  itemKey = "";

  constructor(readonly client: Client) {}

  async add(productId: number, quantity = 1): Promise<Answer> {
    const res = await this.client.send({
      path: "/api/cart-guest",
      json: { productId, productQuantity: quantity, ...(this.cartKey ? { cartKey: this.cartKey } : {}) },
      headers: this.ip,
    });
    const body = res.json as { cart_key?: string; items?: Array<{ item_key: string }> } | undefined;
    if (res.status < 300 && body?.cart_key) {
      this.cartKey = body.cart_key;
      this.itemKey = body.items?.[0]?.item_key ?? "";
    }
    return res;
  }

  applyCoupon(code: string): Promise<Answer> {
    return this.client.send({
      path: "/api/coupon-apply-guest",
      json: { cartKey: this.cartKey, promoCode: code },
      headers: this.ip,
    });
  }

  checkout(input: CheckoutInput = {}): Promise<Answer> {
    return this.client.send({
      path: "/api/checkout",
      json: checkoutBody({ cartKey: this.cartKey }, input),
      headers: this.ip,
    });
  }
}

export type CheckoutInput = { email?: string; phone?: string; paymentMethod?: string; idempotencyKey?: string };

/** The checkout form of a shopper with an e-mail address and a phone number of their own unless given. */
export function checkoutBody(who: { cartKey?: string; token?: string }, input: CheckoutInput = {}) {
  return {
    ...who,
    email: input.email ?? uniqueEmail("guest"),
    phone: input.phone ?? uniquePhone(),
    shipping: ADDRESS,
    paymentMethod: input.paymentMethod ?? "bank-transfer",
    idempotencyKey: input.idempotencyKey ?? newKey(),
  };
}

/** A registered customer, signed in through the API (the token for calls, the cookie for pages). */
export class Customer {
  readonly ip = freshAddress();
  token = "";
  id = 0;
  email = uniqueEmail("customer");

  constructor(readonly client: Client) {}

  async register(): Promise<this> {
    const res = await this.client.send({
      path: "/api/register",
      json: {
        email: this.email,
        password: PASSWORD,
        first_name: "Sipho",
        last_name: "Nkosi",
        phone: "082 555 0101",
        city: "Durban",
        state: "KwaZulu-Natal",
        postcode: "4001",
        country: "South Africa",
      },
      headers: this.ip,
    });
    const body = res.json as { token?: string; customer?: { user_id: number } } | undefined;
    if (res.status !== 201 || !body?.token)
      throw new Error(`registration answered ${res.status}: ${res.text.slice(0, 200)}`);
    this.token = body.token;
    this.id = body.customer!.user_id;
    return this;
  }

  get cookie(): Record<string, string> {
    return { cookie: `kaya_session=${this.token}`, ...this.ip };
  }

  add(productId: number, quantity = 1): Promise<Answer> {
    return this.client.send({
      path: "/api/cart",
      json: { token: this.token, productId, productQuantity: quantity },
      headers: this.ip,
    });
  }

  checkout(input: CheckoutInput = {}): Promise<Answer> {
    return this.client.send({
      path: "/api/checkout",
      json: checkoutBody({ token: this.token }, { email: this.email, ...input }),
      headers: this.ip,
    });
  }
}

/** PayFast's notification for a placed order, signed and vouched for by the stand-in, as PayFast sends it. */
export function payfastItn(standIns: StandInServer, next: CheckoutAnswer["next"]): string {
  const fields = Object.fromEntries(next.fields ?? []);
  return issueItn(standIns.memory, buildItn(fields, "COMPLETE"));
}

/** Ozow: the shopper pays on the stand-in's page, which notifies the shop. */
export async function payOnOzow(standInsUrl: string, next: CheckoutAnswer["next"]): Promise<number> {
  const page = await fetch(next.action!, {
    method: "POST",
    body: new URLSearchParams(next.fields ?? []),
    redirect: "manual",
  });
  const session = /name="session" value="([^"]+)"/.exec(await page.text())?.[1];
  if (!session) return page.status;
  const done = await fetch(`${standInsUrl}/ozow/complete`, {
    method: "POST",
    body: new URLSearchParams({ session, action: "pay" }),
    redirect: "manual",
  });
  return done.status;
}
