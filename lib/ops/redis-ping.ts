import net from "node:net";
import tls from "node:tls";

/** A RESP command: an array of bulk strings. */
function command(...parts: string[]): string {
  return `*${parts.length}\r\n${parts.map((p) => `$${Buffer.byteLength(p)}\r\n${p}\r\n`).join("")}`;
}

/**
 * Whether the Redis at `url` answers PING (after AUTH when the address carries credentials)
 * within `timeoutMs`. One short connection per probe: readiness needs no client library's pool,
 * and a probe must not hang on a Redis that accepts connections but never answers.
 */
export function pingRedis(url: string, timeoutMs = 2000): Promise<boolean> {
  const target = new URL(url);
  const port = Number(target.port || 6379);
  const host = target.hostname.replace(/^\[|\]$/g, "");
  const password = decodeURIComponent(target.password);
  const user = decodeURIComponent(target.username);
  const auth = password ? (user ? command("AUTH", user, password) : command("AUTH", password)) : "";
  const expected = auth ? "+OK\r\n+PONG\r\n" : "+PONG\r\n";
  return new Promise((resolve) => {
    const socket =
      target.protocol === "rediss:" ? tls.connect({ host, port, servername: host }) : net.connect({ host, port });
    let answer = "";
    const finish = (ok: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.once(target.protocol === "rediss:" ? "secureConnect" : "connect", () =>
      socket.write(auth + command("PING")),
    );
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString("latin1");
      if (answer === expected) finish(true);
      else if (!expected.startsWith(answer)) finish(false);
    });
    socket.once("error", () => finish(false));
    socket.once("close", () => finish(answer === expected));
  });
}
