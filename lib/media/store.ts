import "server-only";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { media } from "@/lib/db/schema";
import type { PictureType } from "@/lib/media/address";

/** What is known of a stored picture without reading its bytes. */
export type MediaMeta = { contentType: PictureType; width: number; height: number };
export type StoredMedia = MediaMeta & { hash: string; byteSize: number; bytes: Buffer };

/**
 * Where uploaded pictures are kept, by the SHA-256 of their bytes: the same picture uploaded twice
 * is kept once, and an address made from the hash never needs to change. Pages and calls only see
 * this interface, so the bytes could move to a bucket without touching them.
 */
export type MediaStore = {
  /** Keeps the bytes (inside `tx` when the caller's change is written with it) and answers their hash. */
  put(bytes: Buffer, meta: MediaMeta): Promise<string>;
  get(hash: string): Promise<StoredMedia | null>;
};

export function contentHash(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** The store in the shop's own database: one backup holds the catalogue and its pictures. */
export function databaseMediaStore(db: Db): MediaStore {
  return {
    async put(bytes, meta) {
      const hash = contentHash(bytes);
      await db
        .insert(media)
        .values({
          hash,
          contentType: meta.contentType,
          width: meta.width,
          height: meta.height,
          byteSize: bytes.length,
          bytes,
        })
        .onConflictDoNothing();
      return hash;
    },
    async get(hash) {
      const [row] = await db.select().from(media).where(eq(media.hash, hash));
      if (!row) return null;
      const contentType = row.contentType as PictureType;
      return {
        hash: row.hash,
        contentType,
        width: row.width,
        height: row.height,
        byteSize: row.byteSize,
        bytes: row.bytes,
      };
    },
  };
}
