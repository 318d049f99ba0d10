import { randomBytes } from 'node:crypto';
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

export const InMemoryImageStoreOptions = Symbol.for('InMemoryImageStoreOptions');
export interface InMemoryImageStoreOptions {
  maxBytes?: number;
  maxPixels?: number;
}

/** Same checks and re-encoding as SharpImageStore, kept in a Map: for tests that should not touch the disk. */
@injectable()
export class InMemoryImageStore implements ImageStore {
  private readonly images = new Map<string, Buffer>();
  private readonly limits: ImageLimits;

  constructor(@inject(InMemoryImageStoreOptions) options: InMemoryImageStoreOptions) {
    this.limits = { maxBytes: options.maxBytes ?? MAX_IMAGE_BYTES, maxPixels: options.maxPixels ?? MAX_IMAGE_PIXELS };
  }

  async save(bytes: Buffer): Promise<StoredImage> {
    const encoded = await toProfileImage(bytes, this.limits);
    const filename = `${randomBytes(16).toString('hex')}.webp`;
    this.images.set(filename, encoded);
    return { filename, contentType: PROFILE_IMAGE_CONTENT_TYPE };
  }

  async read(filename: string): Promise<{ bytes: Buffer; contentType: string } | null> {
    if (!this.isValidName(filename)) return null;
    const bytes = this.images.get(filename);
    return bytes ? { bytes: Buffer.from(bytes), contentType: PROFILE_IMAGE_CONTENT_TYPE } : null;
  }

  isValidName(filename: string): boolean {
    return isStoredImageName(filename);
  }

  /** How many images are stored, for tests. */
  get size(): number {
    return this.images.size;
  }
}
