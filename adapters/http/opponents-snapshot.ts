import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Roster } from '../../application/play/app-state-service';
import { deflatedRun, deflatePiece, type DeflatedPiece, type DeflatedRun } from './gzip-assembly';
import { presentOpponent } from './presenters/opponent';

/** A snapshot is reused for this long; then the next poll rebuilds it (availability is derived at rebuild). */
export const SNAPSHOT_LIFETIME_MS = 1000;

export function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}

/**
 * The list's bytes are deflated in segments cut at entry boundaries once they reach this size. Each segment after
 * the first is deflated with the 32 KB before it as its dictionary (deflate's whole window), so the segments
 * together compress about as well as one stream, and a segment stays valid after anything that ends with those
 * same 32 KB. The size is the window, so a segment's dictionary lies within the segment before it.
 */
const DEFLATE_WINDOW = 32 * 1024;
const SEGMENT_BYTES = DEFLATE_WINDOW;

interface Span {
  start: number;
  end: number;
}

/**
 * The opponents list, serialized once and shared by every poll for a second. Each opponent's JSON sits at known
 * offsets in `json`, so a titled viewer's own entry is cut out by two slices instead of re-serializing the list;
 * the gzip form is deflated once per version in segments, and a titled viewer's answer re-deflates only the
 * segments around their own entry, once per version (see gzip-assembly.ts).
 */
export class OpponentsSnapshot {
  /** `[...]` of every titled player, in roster order. */
  readonly json: string;
  /** The same as UTF-8 bytes: answers are assembled from bytes, so nothing is re-encoded per poll. */
  readonly bytes: Buffer;
  /** Content hash of `json`: equal snapshots have equal hashes (the ETag's shared half). */
  readonly hash: string;
  /** Byte offsets of each opponent's JSON in `bytes` (commas excluded). */
  private readonly spans = new Map<number, Span>();
  /** The list's deflate segments and what was made from them; shared with the next build while the hash holds. */
  private compressed: {
    visitor: { raw: Buffer; gzip: Buffer; br: Buffer } | null;
    segments: { pieces: DeflatedPiece[]; run: DeflatedRun } | null;
    withoutViewer: Map<number, DeflatedRun>;
  };
  private readonly segmentSpans: Span[] = [];

  constructor(
    readonly roster: Roster,
    readonly builtAt: number,
    previous: OpponentsSnapshot | null,
  ) {
    const parts: string[] = [];
    let offset = 1;
    let segmentStart = 0;
    for (const opponent of roster.opponents) {
      const text = JSON.stringify(presentOpponent(opponent));
      if (parts.length > 0) offset += 1; // the comma before it
      if (offset - segmentStart >= SEGMENT_BYTES) {
        this.segmentSpans.push({ start: segmentStart, end: offset });
        segmentStart = offset;
      }
      const length = Buffer.byteLength(text);
      this.spans.set(opponent.userId, { start: offset, end: offset + length });
      parts.push(text);
      offset += length;
    }
    this.json = `[${parts.join(',')}]`;
    this.bytes = Buffer.from(this.json);
    this.segmentSpans.push({ start: segmentStart, end: this.bytes.length });
    this.hash = shortHash(this.json);
    // Nothing changed since the last build: keep what was compressed (compression happens once per version).
    this.compressed = previous && previous.hash === this.hash ? previous.compressed : { visitor: null, segments: null, withoutViewer: new Map() };
  }

  /** Where the viewer's entry and one adjoining comma sit in `bytes`, or null when they are not listed. */
  private excludedSpan(userId: number | null): Span | null {
    const span = userId === null ? undefined : this.spans.get(userId);
    if (!span) return null;
    const COMMA = 0x2c;
    // Drop the entry and one adjoining comma: the one after it, or before it when it is the last.
    const afterComma = this.bytes[span.end] === COMMA;
    const start = afterComma ? span.start : span.start - (this.bytes[span.start - 1] === COMMA ? 1 : 0);
    return { start, end: afterComma ? span.end + 1 : span.end };
  }

  /**
   * The list without the viewer's own entry (a titled player never sees themselves), as byte ranges of `bytes` to
   * send one after the other: no copy of the list is made here.
   */
  opponentsExcept(userId: number | null): Buffer[] {
    const cut = this.excludedSpan(userId);
    if (!cut) return [this.bytes];
    return [this.bytes.subarray(0, cut.start), this.bytes.subarray(cut.end)];
  }

  /**
   * The same list as deflate pieces for a gzip answer (gzipMember), made once per version: the shared segments, and
   * for a titled viewer the segments their entry touches re-deflated without it (kept for the version too).
   */
  gzipListExcept(userId: number | null): DeflatedRun {
    if (!this.compressed.segments) {
      const pieces = this.segmentSpans.map((segment, i) =>
        deflatePiece(this.bytes.subarray(segment.start, segment.end), i === 0 ? undefined : this.bytes.subarray(Math.max(0, segment.start - DEFLATE_WINDOW), segment.start)),
      );
      this.compressed.segments = { pieces, run: deflatedRun(pieces) };
    }
    const segments = this.compressed.segments.pieces;
    const cut = this.excludedSpan(userId);
    if (!cut || userId === null) return this.compressed.segments.run;
    const cached = this.compressed.withoutViewer.get(userId);
    if (cached) return cached;
    const before = (position: number) => Buffer.concat([this.bytes.subarray(0, Math.min(position, cut.start)), this.bytes.subarray(cut.end, Math.max(cut.end, position))]);
    const pieces: DeflatedPiece[] = [];
    this.segmentSpans.forEach((segment, i) => {
      // A shared segment is valid where neither it nor the bytes its dictionary names lost anything.
      const dictionaryStart = i === 0 ? segment.start : Math.max(0, segment.start - DEFLATE_WINDOW);
      if (cut.end <= dictionaryStart || cut.start >= segment.end) {
        pieces.push(segments[i]!);
        return;
      }
      const own = Buffer.concat([
        this.bytes.subarray(segment.start, Math.max(segment.start, Math.min(cut.start, segment.end))),
        this.bytes.subarray(Math.min(segment.end, Math.max(segment.start, cut.end)), segment.end),
      ]);
      if (own.length === 0) return;
      // The dictionary is the list as this viewer receives it up to here (never the per-request head before it).
      const dictionary = i === 0 ? undefined : before(segment.start).subarray(-DEFLATE_WINDOW);
      pieces.push(deflatePiece(own, dictionary));
    });
    const run = deflatedRun(pieces);
    this.compressed.withoutViewer.set(userId, run);
    return run;
  }

  /** The visitor's whole answer (the same for every visitor), raw and compressed, made on first use. */
  visitorBody(): { raw: Buffer; gzip: Buffer; br: Buffer } {
    if (!this.compressed.visitor) {
      const raw = Buffer.concat([Buffer.from('{"success":true,"challenges":[],"scheduled_challenges":[],"opponents":'), this.bytes, Buffer.from(',"user":null}')]);
      this.compressed.visitor = {
        raw,
        gzip: gzipSync(raw, { level: 6 }),
        br: brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
      };
    }
    return this.compressed.visitor;
  }
}

/**
 * One snapshot per process, rebuilt when older than SNAPSHOT_LIFETIME_MS by whichever poll comes first, or at
 * once when `changeVersion` moved (a change made in this process: see RosterChanges), so people see their own
 * changes immediately; polls arriving during a rebuild wait for that one rebuild (never several at once). A change
 * made on another process is visible within about a second, with no shared version to read (docs/decisions.md).
 */
export class OpponentsSnapshotCache {
  private current: { snapshot: OpponentsSnapshot; version: number } | null = null;
  private building: { done: Promise<OpponentsSnapshot>; version: number } | null = null;

  constructor(
    private readonly load: () => Promise<Roster>,
    private readonly now: () => number,
    private readonly lifetimeMs = SNAPSHOT_LIFETIME_MS,
    private readonly changeVersion: () => number = () => 0,
  ) {}

  async get(): Promise<OpponentsSnapshot> {
    for (;;) {
      const version = this.changeVersion();
      const current = this.current;
      if (current && current.version === version && this.now() - current.snapshot.builtAt < this.lifetimeMs) return current.snapshot;
      const build = this.building ?? this.build(version);
      const snapshot = await build.done;
      // A rebuild that started before the change this caller may have made cannot show it: wait for the next.
      if (build.version >= version) return snapshot;
    }
  }

  private build(version: number): { done: Promise<OpponentsSnapshot>; version: number } {
    const startedAt = this.now();
    const build = {
      version,
      done: this.load()
        .then((roster) => {
          const snapshot = new OpponentsSnapshot(roster, startedAt, this.current?.snapshot ?? null);
          this.current = { snapshot, version };
          return snapshot;
        })
        .finally(() => {
          this.building = null;
        }),
    };
    this.building = build;
    return build;
  }
}
