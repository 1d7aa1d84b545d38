/**
 * A small round-robin load balancer on loopback for the bench's scale-out runs: each request
 * goes to the next app process in turn, over kept-alive connections, as nginx's upstream does.
 *   node scripts/bench/round-robin.mjs <port> <backend port>...
 */
import http from "node:http";

const [port, ...backends] = process.argv.slice(2).map(Number);
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
let next = 0;

http
  .createServer((req, res) => {
    const target = backends[next++ % backends.length];
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: target,
        method: req.method,
        path: req.url,
        agent,
        headers: { ...req.headers, "x-forwarded-for": req.socket.remoteAddress ?? "" },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  })
  .listen(port, "127.0.0.1", () => process.stdout.write("listening\n"));
