import { eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { call } from "@/test/support/api-client";
import { contactMessages } from "@/lib/db/schema";
import { latestMail } from "@/lib/mail/mail";
import { SITE } from "@/lib/config/site";
import { POST } from "@/app/api/contact/route";

const getDb = setupTestDb({ seed: false });

let ip = 0;
const fresh = () => ({ "x-forwarded-for": `10.3.0.${++ip}` });
const valid = {
  name: "Sibongile Khumalo",
  email: "sibongile@example.co.za",
  phone: "082 555 0123",
  message: "Hello, will the Stoep corner couch fit up a narrow staircase in Sea Point?",
};

type Body = { status: number; code: string; message: string; data: { status: number; field?: string } };

describe("POST /api/contact", () => {
  test("stores the message and e-mails it to the shop", async () => {
    const res = await call<{ message: string }>(POST, "/api/contact", {
      json: valid,
      headers: { "x-forwarded-for": "198.51.100.7" },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Message sent");

    const [row] = await getDb().db.select().from(contactMessages).where(eq(contactMessages.email, valid.email));
    expect(row).toMatchObject({ name: valid.name, phone: "0825550123", message: valid.message, ip: "198.51.100.7" });

    const [mail] = await latestMail(getDb().db, { to: SITE.email, kind: "contact-message" });
    expect(mail!.subject).toBe(`Website message from ${valid.name}`);
    expect(mail!.text).toContain(valid.message);
    expect(mail!.text).toContain(valid.email);
  });

  test("the phone number is optional; markup in a message is escaped in the e-mail", async () => {
    const message = "<script>alert('hi')</script> Please call me back about an order.";
    const res = await call(POST, "/api/contact", { form: { ...valid, phone: "", message }, headers: fresh() });
    expect(res.status).toBe(200);
    const [mail] = await latestMail(getDb().db, { to: SITE.email, kind: "contact-message" });
    expect(mail!.html).not.toContain("<script>");
    expect(mail!.html).toContain("&lt;script&gt;");
  });

  test.each([
    ["no name", { name: "" }, "Please complete all fields", "name"],
    ["no e-mail", { email: undefined }, "Please complete all fields", "email"],
    ["no message", { message: " " }, "Please complete all fields", "message"],
    ["a name of symbols", { name: "$$$" }, "Invalid Name", "name"],
    ["a bad e-mail", { email: "sibongile.example.co.za" }, "Invalid email", "email"],
    ["a bad phone number", { phone: "12345" }, "Invalid phone number", "phone"],
    ["a short message", { message: "Hi" }, "Invalid Message", "message"],
    ["a huge message", { message: "word ".repeat(2000) }, "Invalid Message", "message"],
  ])("refuses %s", async (_, overrides, message, field) => {
    const res = await call<Body>(POST, "/api/contact", { json: { ...valid, ...overrides }, headers: fresh() });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "invalid_params", message, data: { status: 400, field } });
  });

  test("bad bodies are 4xx, never 500", async () => {
    for (const json of [[1], "text", null, { name: { a: 1 }, email: [], message: 7 }]) {
      const res = await call(POST, "/api/contact", { method: "POST", json, headers: fresh() });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });

  test("is rate limited per address", async () => {
    const headers = fresh();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call(POST, "/api/contact", { json: valid, headers })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const blocked = await call<Body>(POST, "/api/contact", { json: valid, headers });
    expect(blocked.body.message).toMatch(/Too many messages/);
  });

  test("a form refused for its own mistakes does not count against the limit", async () => {
    const headers = fresh();
    for (let i = 0; i < 6; i++)
      expect((await call(POST, "/api/contact", { json: { ...valid, email: "not-an-address" }, headers })).status).toBe(
        400,
      );
    expect((await call(POST, "/api/contact", { json: valid, headers })).status).toBe(200);
  });
});
