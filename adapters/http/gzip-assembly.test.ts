import { crc32, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { crc32Combine, deflatedRun, deflatePiece, gzipMember } from './gzip-assembly';

describe('crc32Combine', () => {
  it('gives the CRC-32 of A followed by B from the two CRCs and B\'s length (any bytes, any lengths)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 300 }), (a, b) => {
        const whole = crc32(Buffer.concat([Buffer.from(a), Buffer.from(b)]));
        expect(crc32Combine(crc32(Buffer.from(a)), crc32(Buffer.from(b)), b.length)).toBe(whole);
      }),
      { numRuns: 300 },
    );
  });

  it('holds for lengths past 64 KiB and 16 MiB, where the length\'s high bits count', () => {
    const a = Buffer.from('head');
    for (const length of [65_537, 16_777_217]) {
      const b = Buffer.alloc(length, 0x5a);
      expect(crc32Combine(crc32(a), crc32(b), length)).toBe(crc32(Buffer.concat([a, b])));
    }
  });
});

describe('gzipMember', () => {
  const text = (n: number, seed: string) => Buffer.from(Array.from({ length: n }, (_, i) => `${seed}${i % 97},`).join('').slice(0, n));

  it('assembles one gzip member that any gzip decoder reads as head + pieces + tail', () => {
    const middle = [text(40_000, 'a'), text(50_000, 'b'), text(10, 'c')];
    const pieces = [deflatePiece(middle[0]!), deflatePiece(middle[1]!, middle[0]!.subarray(-32_768)), deflatePiece(middle[2]!)];
    for (const [head, tail] of [
      [Buffer.from('{"h":1,'), Buffer.from('}')],
      [text(5_000, 'head'), text(70_000, 'tail')], // deflated head, deflated tail
      [Buffer.from('x'), Buffer.alloc(0)],
    ] as const) {
      const answer = Buffer.concat(gzipMember(head, deflatedRun(pieces), tail));
      expect(gunzipSync(answer).equals(Buffer.concat([head, ...middle, tail]))).toBe(true);
    }
  });

  it('a piece deflated on its own is valid after any head; pieces compress (not just stored)', () => {
    const piece = deflatePiece(text(64_000, 'same'));
    expect(piece.deflated.length).toBeLessThan(64_000 / 4);
    for (const head of ['{', '{"x":"another head of other length",']) {
      expect(gunzipSync(Buffer.concat(gzipMember(Buffer.from(head), deflatedRun([piece]), Buffer.from('}')))).toString()).toBe(`${head}${text(64_000, 'same').toString()}}`);
    }
  });

  it('an empty middle is a valid member too', () => {
    expect(gunzipSync(Buffer.concat(gzipMember(Buffer.from('{"a":'), deflatedRun([]), Buffer.from('1}')))).toString()).toBe('{"a":1}');
  });
});
