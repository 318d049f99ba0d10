import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inject, injectable } from 'inversify';
import type { ImageStore, StoredImage } from '../../application/ports/services';
import {
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  PROFILE_IMAGE_CONTENT_TYPE,
  isStoredImageName,
  toProfileImage,
  type ImageLimits,
} from './profile-image';

export const SharpImageStoreOptions = Symbol.for('SharpImageStoreOptions');
export interface SharpImageStoreOptions {
  /** Folder holding the stored images (created when missing). */
  directory: string;
  /** Default 5 MB. */
  maxBytes?: number;
  /** Default 40 million pixels. */
  maxPixels?: number;
}

/** Profile images re-encoded with sharp and kept as files named `<32 hex>.webp` in one folder. */
@injectable()
export class SharpImageStore implements ImageStore {
  private readonly limits: ImageLimits;

  constructor(@inject(SharpImageStoreOptions) private readonly options: SharpImageStoreOptions) {
    this.limits = { maxBytes: options.maxBytes ?? MAX_IMAGE_BYTES, maxPixels: options.maxPixels ?? MAX_IMAGE_PIXELS };
  }

  async save(bytes: Buffer): Promise<StoredImage> {
    const encoded = await toProfileImage(bytes, this.limits);
    const filename = `${randomBytes(16).toString('hex')}.webp`;
    await mkdir(this.options.directory, { recursive: true });
    // Write then rename, so a concurrent read never serves half a file.
    const temporary = join(this.options.directory, `.${filename}.tmp`);
    await writeFile(temporary, encoded, { flag: 'wx' });
    await rename(temporary, join(this.options.directory, filename));
    return { filename, contentType: PROFILE_IMAGE_CONTENT_TYPE };
  }

  async read(filename: string): Promise<{ bytes: Buffer; contentType: string } | null> {
    // The strict name check comes first: no other string is ever joined into a path.
    if (!this.isValidName(filename)) return null;
    try {
      return { bytes: await readFile(join(this.options.directory, filename)), contentType: PROFILE_IMAGE_CONTENT_TYPE };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  isValidName(filename: string): boolean {
    return isStoredImageName(filename);
  }
}
