import http from "node:http";
import type { AddressInfo } from "node:net";
import { ApiCallError, callApi, NETWORK_MESSAGE } from "@/lib/http/api-client";

let server: http.Server;
let base = "";
const seen: Array<{ method: string; url: string; type: string | undefined; body: string }> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      seen.push({ method: req.method!, url: req.url!, type: req.headers["content-type"], body });
      res.setHeader("content-type", "application/json");
      if (req.url!.startsWith("/refused")) {
        res.statusCode = 400;
        res.end(
          JSON.stringify({
            status: 400,
            code: "invalid_params",
            message: "Enter your e-mail address",
            data: { status: 400, field: "email" },
          }),
        );
      } else if (req.url!.startsWith("/review")) {
        res.statusCode = 409;
        res.end(
          JSON.stringify({
            status: 409,
            code: "duplicate_review",
            message: "You have reviewed this",
            data: { status: 401 },
          }),
        );
      } else if (req.url!.startsWith("/broken")) {
        res.statusCode = 502;
        res.end("<html>bad gateway</html>");
      } else res.end(JSON.stringify({ ok: true }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

test("GET and DELETE send parameters in the query; POST sends JSON", async () => {
  await callApi("GET", `${base}/a`, { itemKey: "k 1", skip: undefined });
  await callApi("POST", `${base}/b`, { productId: 7 });
  expect(seen.at(-2)).toMatchObject({ method: "GET", url: "/a?itemKey=k+1", body: "" });
  expect(seen.at(-1)).toMatchObject({ method: "POST", url: "/b", type: "application/json", body: '{"productId":7}' });
});

test("a refusal carries the server's message, code and field", async () => {
  const err = await callApi("POST", `${base}/refused`, {}).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ApiCallError);
  expect(err).toMatchObject({
    message: "Enter your e-mail address",
    status: 400,
    code: "invalid_params",
    fields: { email: "Enter your e-mail address" },
  });
});

test("data.status names the status the client acts on", async () => {
  await expect(callApi("POST", `${base}/review`, {})).rejects.toMatchObject({ status: 401, code: "duplicate_review" });
});

test("an answer that is not the contract's body still gives a message", async () => {
  await expect(callApi("GET", `${base}/broken`)).rejects.toMatchObject({
    status: 502,
    message: expect.stringMatching(/something went wrong/),
  });
});

test("an unreachable shop says so", async () => {
  await expect(callApi("GET", "http://127.0.0.1:1/x")).rejects.toMatchObject({ status: 0, message: NETWORK_MESSAGE });
});
