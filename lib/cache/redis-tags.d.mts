import type { RedisClientType } from "redis";

export type Connection = { client: RedisClientType; down: boolean; connecting: Promise<unknown> | null };
export function connection(url: string): Connection;
export function closeConnections(): void;
export function attempt<T>(conn: Connection, work: (client: RedisClientType) => Promise<T>, fallback: T): Promise<T>;
export type TagStore = {
  refresh(): Promise<boolean>;
  refreshIfOld(): Promise<boolean>;
  expiredAt(tag: string): number;
  staleAt(tag: string): number;
  areExpired(tags: string[], timestamp: number): boolean;
  areStale(tags: string[], timestamp: number): boolean;
  update(tags: string[], durations?: { expire?: number }): Promise<void>;
  conn: Connection;
};
export function createTagStore(options: { url: string; prefix: string }): TagStore;
