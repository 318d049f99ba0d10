import { constants as zlib, crc32, deflateRawSync } from 'node:zlib';

/**
 * A gzip answer assembled from pieces deflated at different times (RFC 1951/1952): one gzip member whose deflate
 * stream is a run of blocks. Each piece ends on a byte boundary with a non-final block (a sync flush), so pieces
 * can follow one another; only the last piece carries the final block. A piece deflated with no preset dictionary
 * refers only to its own bytes, so it is valid after any other piece; one deflated with a dictionary is valid only
 * after exactly those bytes. The member's trailer (CRC-32 and length of the whole) is computed from the pieces'
 * own CRCs with crc32Combine, never by reading the whole answer again.
 */

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** A stored block holds at most this many bytes (its LEN field has 16 bits). */
const STORED_BLOCK_MAX = 0xffff;
/** Below this, deflating costs more CPU (a compressor's set-up) than the bytes it saves on the wire. */
const STORE_BELOW_BYTES = 2048;

/** Bytes of the uncompressed text, their deflate blocks (never final) and their CRC-32. */
export interface DeflatedPiece {
  readonly deflated: Buffer;
  readonly crc: number;
  readonly length: number;
}

const CRC_POLYNOMIAL = 0xedb88320;

/** a(x) * b(x) modulo the CRC-32 polynomial, in zlib's reflected bit order (zlib's multmodp). */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let product = 0;
  let multiplier = b >>> 0;
  for (;;) {
    if ((a & m) !== 0) {
      product ^= multiplier;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    multiplier = multiplier & 1 ? (multiplier >>> 1) ^ CRC_POLYNOMIAL : multiplier >>> 1;
  }
  return product >>> 0;
}

/** X_POWERS[k] = x^(2^k) modulo p(x). */
const X_POWERS = (() => {
  const table = new Array<number>(32);
  let power = 0x40000000; // x^1
  table[0] = power;
  for (let k = 1; k < 32; k += 1) table[k] = power = multiplyModP(power, power);
  return table;
})();

/** x^(n * 2^k) modulo p(x) (zlib's x2nmodp). */
function xPowerModP(n: number, k: number): number {
  let result = 0x80000000; // x^0
  let rest = n;
  let bit = k;
  while (rest > 0) {
    if (rest % 2 === 1) result = multiplyModP(X_POWERS[bit & 31]!, result);
    rest = Math.floor(rest / 2);
    bit += 1;
  }
  return result;
}

/** The CRC-32 of A followed by B, from crc(A), crc(B) and B's length (zlib's crc32_combine). */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multiplyModP(xPowerModP(lengthB, 3), crcA >>> 0) ^ crcB) >>> 0;
}

/** Stored (uncompressed) deflate blocks for `bytes`, the last one final when `final`. */
function storedBlocks(bytes: Buffer, final: boolean): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  do {
    const size = Math.min(STORED_BLOCK_MAX, bytes.length - offset);
    const last = offset + size >= bytes.length;
    const header = Buffer.alloc(5);
    header[0] = final && last ? 1 : 0; // BFINAL, BTYPE 00; the other five bits pad to the byte boundary
    header.writeUInt16LE(size, 1);
    header.writeUInt16LE(~size & 0xffff, 3);
    parts.push(header, bytes.subarray(offset, offset + size));
    offset += size;
  } while (offset < bytes.length);
  return Buffer.concat(parts);
}

/**
 * `bytes` as deflate blocks that end on a byte boundary and are not final. With `dictionary`, back-references may
 * reach into it: the piece is then valid only right after those very bytes.
 */
export function deflatePiece(bytes: Buffer, dictionary?: Buffer): DeflatedPiece {
  const deflated = deflateRawSync(bytes, { level: 6, finishFlush: zlib.Z_SYNC_FLUSH, ...(dictionary && dictionary.length > 0 ? { dictionary } : {}) });
  return { deflated, crc: crc32(bytes), length: bytes.length };
}

/** Per-request bytes: stored when tiny (no compressor to set up), deflated otherwise. Never final. */
function requestPiece(bytes: Buffer): Buffer {
  return bytes.length < STORE_BELOW_BYTES ? storedBlocks(bytes, false) : deflateRawSync(bytes, { level: 6, finishFlush: zlib.Z_SYNC_FLUSH });
}

/** Pieces that always travel together, with the CRC-32 and length of all their bytes combined once. */
export interface DeflatedRun {
  readonly buffers: readonly Buffer[];
  readonly crc: number;
  readonly length: number;
}

export function deflatedRun(pieces: readonly DeflatedPiece[]): DeflatedRun {
  let crc = 0;
  let length = 0;
  for (const piece of pieces) {
    crc = length === 0 ? piece.crc : crc32Combine(crc, piece.crc, piece.length);
    length += piece.length;
  }
  return { buffers: pieces.map((piece) => piece.deflated), crc, length };
}

/**
 * One gzip member: `head` and `tail` (small, made per request: stored when tiny, else deflated) around a prepared
 * `middle`. Returns the buffers to send one after the other; the middle's buffers are shared, not copied, and its
 * CRC was combined when it was made, so a request combines two CRCs whatever the size of the list.
 */
export function gzipMember(head: Buffer, middle: DeflatedRun, tail: Buffer): Buffer[] {
  const tailCrc = crc32(tail);
  let crc = crc32(head);
  if (middle.length > 0) crc = crc32Combine(crc, middle.crc, middle.length);
  crc = crc32Combine(crc, tailCrc, tail.length);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE((head.length + middle.length + tail.length) % 0x100000000, 4);
  return [
    GZIP_HEADER,
    requestPiece(head),
    ...middle.buffers,
    tail.length < STORE_BELOW_BYTES ? storedBlocks(tail, true) : deflateRawSync(tail, { level: 6 }),
    trailer,
  ];
}
