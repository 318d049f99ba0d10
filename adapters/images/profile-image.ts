import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../domain/errors';

/** Upload cap from the design (server.md section 9). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Decoded-size cap: a 5 MB file can still declare billions of pixels (a decompression bomb). 40 MP is a big photo. */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const PROFILE_IMAGE_SIZE = 256;
export const PROFILE_IMAGE_CONTENT_TYPE = 'image/webp';

export interface ImageLimits {
  maxBytes: number;
  maxPixels: number;
}

export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';

/** The format named by the first bytes, or null. The declared type and file name are never trusted. */
export function detectImageFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const head = bytes.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'webp';
  return null;
}

function invalid(message: string): AppError {
  return AppError.validation([{ path: 'image', message }]);
}

/**
 * Checks the bytes are a whole PNG, JPEG, GIF or WebP image within the limits and re-encodes it as a
 * 256x256 WebP (centre crop, EXIF orientation applied, all metadata dropped). Anything else raises
 * AppError('validation'); more than maxBytes raises AppError('payload_too_large'), like the HTTP upload cap.
 */
export async function toProfileImage(bytes: Buffer, limits: ImageLimits): Promise<Buffer> {
  if (bytes.length > limits.maxBytes) {
    throw new AppError('payload_too_large', `image is larger than ${limits.maxBytes} bytes`);
  }
  const format = detectImageFormat(bytes);
  if (!format) throw invalid('only PNG, JPEG, WebP or GIF images are accepted');

  // 'error' rejects truncated and corrupt data; only the first frame of an animation is used.
  const options = { failOn: 'error', limitInputPixels: limits.maxPixels, animated: false } as const;
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, options).metadata();
  } catch {
    throw invalid('the file is not a readable image');
  }
  if (metadata.format !== format) throw invalid('the image content does not match its type');
  const { width, height } = metadata;
  if (!width || !height || width * height > limits.maxPixels) throw invalid('the image dimensions are too large');

  try {
    return await sharp(bytes, options)
      .rotate()
      .resize(PROFILE_IMAGE_SIZE, PROFILE_IMAGE_SIZE, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw invalid('the file is not a readable image');
  }
}

/** The names the stores generate: 32 lower-case hex characters and `.webp`. Nothing else is ever a path. */
const STORED_NAME = /^[0-9a-f]{32}\.webp$/;

export function isStoredImageName(filename: string): boolean {
  return typeof filename === 'string' && STORED_NAME.test(filename);
}
