import "server-only";
import sharp, { type Metadata } from "sharp";
import { ApiError } from "@/lib/api/errors";
import type { PictureType } from "@/lib/media/address";

/** A photograph from a camera or phone is a few MB; a scan or a panorama well under this. */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
export const MAX_PHOTO_SIDE = 12_000;
export const MAX_PHOTO_PIXELS = 50_000_000;
/** The longest side kept: twice the widest the shop shows a picture, for sharp screens. */
export const STORED_SIDE = 2400;

const ACCEPTED = new Set(["jpeg", "png", "webp", "heif"]);
const ACCEPTED_WORDS = "a JPEG, PNG, WebP or AVIF picture";

/** A picture ready to keep: upright, without its camera's metadata, at most STORED_SIDE a side. */
export type PreparedPicture = { bytes: Buffer; contentType: PictureType; width: number; height: number };

const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, " ");
const megabytes = (bytes: number) => {
  const mb = bytes / (1024 * 1024);
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
};

function refused(status: number, code: string, file: string, message: string): ApiError {
  return new ApiError(status, code, message, { file });
}

/**
 * Checks what a file really is from its bytes (never its name or declared type) and keeps only
 * what the shop can show. Its size is read from the header before any pixel is decoded, and the
 * decoder is held to MAX_PHOTO_PIXELS as well, so a small file that would unpack to gigabytes is
 * refused without being unpacked.
 */
export async function preparePicture(file: string, bytes: Buffer): Promise<PreparedPicture> {
  if (bytes.length > MAX_PHOTO_BYTES)
    throw refused(
      413,
      "photo_too_large",
      file,
      `${file} is ${megabytes(bytes.length)}; a photograph may be up to 15 MB`,
    );
  const notAPicture = refused(400, "photo_type_refused", file, `${file} is not ${ACCEPTED_WORDS}`);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw notAPicture;
  }
  // HEIF holds AVIF (AV1) and the iPhone's HEIC (HEVC), which the shop's browsers cannot all show.
  if (!meta.format || !ACCEPTED.has(meta.format) || (meta.format === "heif" && meta.compression !== "av1"))
    throw notAPicture;
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width > MAX_PHOTO_SIDE)
    throw refused(
      400,
      "photo_too_big",
      file,
      `${file} is ${thousands(width)} px wide; at most ${thousands(MAX_PHOTO_SIDE)} px`,
    );
  if (height > MAX_PHOTO_SIDE)
    throw refused(
      400,
      "photo_too_big",
      file,
      `${file} is ${thousands(height)} px high; at most ${thousands(MAX_PHOTO_SIDE)} px`,
    );
  if (width * height > MAX_PHOTO_PIXELS)
    throw refused(
      400,
      "photo_too_big",
      file,
      `${file} is ${Math.round((width * height) / 1_000_000)} megapixels; at most ${MAX_PHOTO_PIXELS / 1_000_000}`,
    );
  if (width === 0 || height === 0) throw notAPicture;
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: STORED_SIDE, height: STORED_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 86 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: "image/webp", width: info.width, height: info.height };
  } catch {
    throw refused(400, "photo_unreadable", file, `${file} could not be read as ${ACCEPTED_WORDS}; it may be damaged`);
  }
}
