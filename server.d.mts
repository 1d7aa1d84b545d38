import type http from "node:http";

export function serverOptions(
  argv: string[],
  env: Record<string, string | undefined>,
): { port: number; hostname: string | undefined };
export function appendSocketAddress(req: http.IncomingMessage): boolean;
export function malformedPathAnswer(
  url: string | undefined,
): { status: number; headers: Record<string, string>; body: string } | null;
export const KEEP_ALIVE_MS: number;
export function keepConnectionsAlive(server: http.Server): http.Server;
export function nextHostname(hostname: string | undefined): string;
export function routerPayloadCacheControl(
  rsc: string | undefined,
  cacheControl: string | number | string[] | undefined,
): string | null;
export function queuedConnectionsTaken(
  accepted: { taken: number; lastAt: number },
  options?: { quietMs?: number; maxMs?: number },
): Promise<void>;
export function startShop(options: {
  port: number;
  hostname?: string;
  dir?: string;
}): Promise<{ server: http.Server; url: string; port: number; shutdown: () => Promise<boolean> }>;
export function methodRefusal(
  method: string | undefined,
  url: string | undefined,
): { status: number; headers: Record<string, string>; body: string } | null;
export function refuseConnect(req: http.IncomingMessage, socket: import("node:stream").Duplex): void;
export const INTERNAL_HEADERS: string[];
export function hideInternalHeaders(res: http.ServerResponse): void;
