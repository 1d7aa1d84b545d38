/** The kinds of picture the shop stores and serves, with the extension each address ends in. */
export const PICTURE_TYPES = { "image/webp": "webp", "image/jpeg": "jpg" } as const;
export type PictureType = keyof typeof PICTURE_TYPES;

const MEDIA_FILE = /^([0-9a-f]{64})\.(webp|jpg)$/;

/** The address a stored picture is served at. */
export function mediaPath(hash: string, contentType: PictureType): string {
  return `/media/${hash}.${PICTURE_TYPES[contentType]}`;
}

/** A request's file name ("<hash>.webp") as a hash and type, or null: anything else is no picture. */
export function parseMediaFile(file: string): { hash: string; contentType: PictureType } | null {
  const match = MEDIA_FILE.exec(file);
  if (!match) return null;
  const contentType = (Object.keys(PICTURE_TYPES) as PictureType[]).find((t) => PICTURE_TYPES[t] === match[2])!;
  return { hash: match[1]!, contentType };
}

/** Whether a picture's address is an uploaded photograph (served through the image optimiser). */
export function isMediaPath(src: string): boolean {
  return src.startsWith("/media/");
}
