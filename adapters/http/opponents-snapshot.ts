import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Roster } from '../../application/play/app-state-service';
import { presentOpponent } from './presenters/opponent';

/** A snapshot is reused for this long; then the next poll rebuilds it (availability is derived at rebuild). */
export const SNAPSHOT_LIFETIME_MS = 1000;

export function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}

/**
 * The opponents list, serialized once and shared by every poll for a second. Each opponent's JSON sits at known
 * offsets in `json`, so a titled viewer's own entry is cut out by two slices instead of re-serializing the list.
 */
export class OpponentsSnapshot {
  /** `[...]` of every titled player, in roster order. */
  readonly json: string;
  /** The same as UTF-8 bytes: answers are assembled from bytes, so nothing is re-encoded per poll. */
  readonly bytes: Buffer;
  /** Content hash of `json`: equal snapshots have equal hashes (the ETag's shared half). */
  readonly hash: string;
  /** Byte offsets of each opponent's JSON in `bytes` (commas excluded). */
  private readonly spans = new Map<number, { start: number; end: number }>();
  private visitorEncodings: { raw: Buffer; gzip: Buffer; br: Buffer } | null = null;

  constructor(
    readonly roster: Roster,
    readonly builtAt: number,
    previous: OpponentsSnapshot | null,
  ) {
    const parts: string[] = [];
    let offset = 1;
    for (const opponent of roster.opponents) {
      const text = JSON.stringify(presentOpponent(opponent));
      if (parts.length > 0) offset += 1; // the comma before it
      const length = Buffer.byteLength(text);
      this.spans.set(opponent.userId, { start: offset, end: offset + length });
      parts.push(text);
      offset += length;
    }
    this.json = `[${parts.join(',')}]`;
    this.bytes = Buffer.from(this.json);
    this.hash = shortHash(this.json);
    // Nothing changed since the last build: keep its compressed bodies (compression happens once per version).
    if (previous && previous.hash === this.hash) this.visitorEncodings = previous.visitorEncodings;
  }

  /**
   * The list without the viewer's own entry (a titled player never sees themselves), as byte ranges of `bytes` to
   * send one after the other: no copy of the list is made here.
   */
  opponentsExcept(userId: number | null): Buffer[] {
    const span = userId === null ? undefined : this.spans.get(userId);
    if (!span) return [this.bytes];
    const COMMA = 0x2c;
    // Drop the entry and one adjoining comma: the one after it, or before it when it is the last.
    const afterComma = this.bytes[span.end] === COMMA;
    const start = afterComma ? span.start : span.start - (this.bytes[span.start - 1] === COMMA ? 1 : 0);
    const end = afterComma ? span.end + 1 : span.end;
    return [this.bytes.subarray(0, start), this.bytes.subarray(end)];
  }

  /** The visitor's whole answer (the same for every visitor), raw and compressed, made on first use. */
  visitorBody(): { raw: Buffer; gzip: Buffer; br: Buffer } {
    if (!this.visitorEncodings) {
      const raw = Buffer.concat([Buffer.from('{"success":true,"challenges":[],"scheduled_challenges":[],"opponents":'), this.bytes, Buffer.from(',"user":null}')]);
      this.visitorEncodings = {
        raw,
        gzip: gzipSync(raw, { level: 6 }),
        br: brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
      };
    }
    return this.visitorEncodings;
  }
}

/**
 * One snapshot per process, rebuilt when older than SNAPSHOT_LIFETIME_MS by whichever poll comes first; polls
 * arriving during a rebuild wait for that one rebuild (never several at once). A change made on any process is
 * therefore visible everywhere within about a second, with no shared version to read (docs/decisions.md).
 */
export class OpponentsSnapshotCache {
  private current: OpponentsSnapshot | null = null;
  private building: Promise<OpponentsSnapshot> | null = null;

  constructor(
    private readonly load: () => Promise<Roster>,
    private readonly now: () => number,
    private readonly lifetimeMs = SNAPSHOT_LIFETIME_MS,
  ) {}

  async get(): Promise<OpponentsSnapshot> {
    const current = this.current;
    if (current && this.now() - current.builtAt < this.lifetimeMs) return current;
    if (!this.building) {
      const startedAt = this.now();
      this.building = this.load()
        .then((roster) => (this.current = new OpponentsSnapshot(roster, startedAt, this.current)))
        .finally(() => {
          this.building = null;
        });
    }
    return this.building;
  }
}
