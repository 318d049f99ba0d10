// The module object itself (a default import), so a spy on it sees the store's calls.
import fsPromises from 'node:fs/promises';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import type { ImageStore } from '../../application/ports/services';
import { InMemoryImageStore } from './InMemoryImageStore';
import { detectImageFormat } from './profile-image';
import { SharpImageStore } from './SharpImageStore';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });

/** A PNG whose header claims the given size; the pixel data is a token, so only the header is plausible. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const BAD_NAMES = [
  '../x',
  '..%2Fx',
  '..%2F' + 'a'.repeat(32) + '.webp',
  '../' + 'a'.repeat(32) + '.webp',
  '/etc/passwd',
  '/' + 'a'.repeat(32) + '.webp',
  'a'.repeat(32) + '.webp\0',
  'a'.repeat(31) + '\0.webp',
  'A'.repeat(32) + '.webp',
  'a'.repeat(32) + '.WEBP',
  'a'.repeat(32) + '.png',
  'a'.repeat(31) + '.webp',
  'a'.repeat(33) + '.webp',
  'g'.repeat(32) + '.webp',
  'a'.repeat(32) + '.webp/',
  'a'.repeat(32) + '.webp\n',
  ' ' + 'a'.repeat(32) + '.webp',
  'a'.repeat(32),
  '.webp',
  '',
];

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'images-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

interface StoreUnderTest {
  store: ImageStore;
  /** How many images the store holds, looked up behind its back. */
  count: () => Promise<number>;
}

const stores: [string, () => StoreUnderTest][] = [
  [
    'SharpImageStore',
    () => {
      const directory = join(workDir, `store-${Math.random().toString(16).slice(2)}`);
      const count = () =>
        readdir(directory).then(
          (names) => names.length,
          () => 0,
        );
      return { store: new SharpImageStore({ directory }), count };
    },
  ],
  [
    'InMemoryImageStore',
    () => {
      const store = new InMemoryImageStore({});
      return { store, count: async () => store.size };
    },
  ],
];

describe.each(stores)('%s (image store contract)', (_name, makeStore) => {
  let store: ImageStore;
  let count: () => Promise<number>;
  beforeEach(() => {
    ({ store, count } = makeStore());
  });

  it.each([
    ['PNG', () => solid(600, 400).png().toBuffer()],
    ['JPEG', () => solid(300, 500).jpeg().toBuffer()],
    ['WebP', () => solid(256, 256).webp().toBuffer()],
    ['GIF', () => solid(40, 40).gif().toBuffer()],
  ])('accepts a %s by its bytes and stores a 256x256 WebP under a fresh random name', async (_format, make) => {
    const saved = await store.save(await make());
    expect(saved.contentType).toBe('image/webp');
    expect(saved.filename).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(store.isValidName(saved.filename)).toBe(true);
    const read = await store.read(saved.filename);
    expect(read?.contentType).toBe('image/webp');
    const metadata = await sharp(read!.bytes).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 256, 256]);
  });

  it('strips metadata such as EXIF from the stored image', async () => {
    const input = await solid(400, 300).jpeg().withExif({ IFD0: { Copyright: 'SECRET-EXIF-MARKER', Artist: 'x' } }).toBuffer();
    expect(input.includes(Buffer.from('SECRET-EXIF-MARKER'))).toBe(true);
    const saved = await store.save(input);
    const bytes = (await store.read(saved.filename))!.bytes;
    expect(bytes.includes(Buffer.from('SECRET-EXIF-MARKER'))).toBe(false);
    const metadata = await sharp(bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
  });

  it('gives every upload a new name, even for identical bytes', async () => {
    const png = await solid(10, 10).png().toBuffer();
    const names = await Promise.all(Array.from({ length: 10 }, () => store.save(png).then((s) => s.filename)));
    expect(new Set(names).size).toBe(10);
    expect(await count()).toBe(10);
  });

  const notAcceptable: [string, () => Buffer | Promise<Buffer>][] = [
    ['plain text renamed .png', () => Buffer.from('hello, I am not an image')],
    ['an SVG', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>')],
    ['an SVG with an XML prolog', () => Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['HTML', () => Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['a PDF', () => Buffer.from('%PDF-1.7\n1 0 obj\n')],
    ['an empty file', () => Buffer.alloc(0)],
    ['a TIFF (a real image, but not an accepted type)', () => solid(20, 20).tiff().toBuffer()],
    ['a PNG signature followed by junk', () => Buffer.concat([pngClaiming(1, 1).subarray(0, 8), Buffer.from('junk'.repeat(50))])],
    ['a truncated PNG', async () => (await solid(300, 300).png({ compressionLevel: 0 }).toBuffer()).subarray(0, 2000)],
    ['a truncated JPEG', async () => {
      const jpeg = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg().toBuffer();
      return jpeg.subarray(0, Math.floor(jpeg.length / 2));
    }],
    ['a PNG header claiming 50000x50000 pixels', () => pngClaiming(50_000, 50_000)],
  ];
  it.each(notAcceptable)('rejects %s with AppError(validation) and stores nothing', async (_label, make) => {
    const bytes = await make();
    await expect(store.save(bytes)).rejects.toMatchObject({ kind: 'validation' });
    expect(await count()).toBe(0);
  });

  it('rejects more than 5 MB with AppError(payload_too_large) before decoding', async () => {
    const big = Buffer.concat([await solid(10, 10).png().toBuffer(), Buffer.alloc(5 * 1024 * 1024)]);
    await expect(store.save(big)).rejects.toMatchObject({ kind: 'payload_too_large' });
    expect(await count()).toBe(0);
  });

  it('answers null for every name it did not generate, and for a well-formed name it does not hold', async () => {
    const saved = await store.save(await solid(10, 10).png().toBuffer());
    for (const name of BAD_NAMES) {
      expect(store.isValidName(name)).toBe(false);
      await expect(store.read(name)).resolves.toBeNull();
    }
    await expect(store.read(saved.filename.toUpperCase())).resolves.toBeNull();
    await expect(store.read('0'.repeat(32) + '.webp')).resolves.toBeNull();
  });
});

describe('SharpImageStore on disk', () => {
  it('writes only the re-encoded file into its folder (no temporary files left behind)', async () => {
    const directory = join(workDir, 'disk-check');
    const store = new SharpImageStore({ directory });
    const saved = await store.save(await solid(50, 50).png().toBuffer());
    expect(await readdir(directory)).toEqual([saved.filename]);
  });

  it('never touches the disk for an invalid name, even when a file exists at the traversal target', async () => {
    const directory = join(workDir, 'traversal', 'images');
    const store = new SharpImageStore({ directory });
    await store.save(await solid(10, 10).png().toBuffer());
    await writeFile(join(workDir, 'traversal', 'x'), 'secret');
    const readFile = jest.spyOn(fsPromises, 'readFile');
    try {
      for (const name of BAD_NAMES) await expect(store.read(name)).resolves.toBeNull();
      expect(readFile).not.toHaveBeenCalled();
      // The spy does see the store's reads: a well-formed name is looked up.
      await expect(store.read('f'.repeat(32) + '.webp')).resolves.toBeNull();
      expect(readFile).toHaveBeenCalledTimes(1);
    } finally {
      readFile.mockRestore();
    }
  });

  it('honours a lower pixel limit from its options', async () => {
    const store = new SharpImageStore({ directory: join(workDir, 'limit'), maxPixels: 1_000_000 });
    await expect(store.save(await solid(1001, 1000).png().toBuffer())).rejects.toMatchObject({ kind: 'validation' });
    await expect(store.save(await solid(1000, 1000).png().toBuffer())).resolves.toMatchObject({ contentType: 'image/webp' });
  });
});

describe('detectImageFormat', () => {
  it('names PNG, JPEG, GIF and WebP by their magic numbers only', async () => {
    expect(detectImageFormat(await solid(2, 2).png().toBuffer())).toBe('png');
    expect(detectImageFormat(await solid(2, 2).jpeg().toBuffer())).toBe('jpeg');
    expect(detectImageFormat(await solid(2, 2).gif().toBuffer())).toBe('gif');
    expect(detectImageFormat(await solid(2, 2).webp().toBuffer())).toBe('webp');
    expect(detectImageFormat(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(detectImageFormat(Buffer.from('GIF90a'))).toBeNull();
    expect(detectImageFormat(Buffer.from([0xff, 0xd8]))).toBeNull();
  });
});
