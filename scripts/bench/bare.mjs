/**
 * The machine's limit for the bench: node:http answering one file's bytes (the product page's
 * HTML, saved by the bench) to every request, with the headers a page carries and nothing else.
 *   node scripts/bench/bare.mjs <port> <file>
 */
import fs from "node:fs";
import http from "node:http";

const [port, file] = process.argv.slice(2);
const body = fs.readFileSync(file);
http
  .createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
    res.end(body);
  })
  .listen(Number(port), "127.0.0.1", () => process.stdout.write("listening\n"));
