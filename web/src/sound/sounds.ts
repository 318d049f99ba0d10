/**
 * The two sounds of the play screen, synthesised with the Web Audio API (no audio files to download):
 * - the incoming-challenge alert for titled players (spec: 4 repeats about 0.8 s apart, restarting every 4 s,
 *   volume 0.8, desktop only, only when enabled in settings);
 * - the accept chime for a player whose challenge was accepted (not for titled players).
 * Every sound played is also announced as a DOM event ('app:sound'), which the browser tests listen to.
 */
export const ALERT_TIMING = { repeats: 4, gapMs: 800, cycleMs: 4000, volume: 0.8 } as const;

export type SoundName = 'incoming' | 'accepted';

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * The alert's rhythm, apart from any sound: while started, `beep` runs 4 times 0.8 s apart, and the group starts
 * again every 4 s. `start` while running changes nothing; `stop` cancels everything scheduled.
 */
export class AlertLoop {
  private handles: unknown[] = [];
  private running = false;

  constructor(
    private readonly beep: () => void,
    private readonly timers: Timers = realTimers,
  ) {}

  get active(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.cycle();
  }

  stop(): void {
    this.running = false;
    for (const handle of this.handles) this.timers.clearTimeout(handle);
    this.handles = [];
  }

  private cycle(): void {
    this.handles = [];
    for (let i = 0; i < ALERT_TIMING.repeats; i += 1) {
      this.handles.push(this.timers.setTimeout(() => this.running && this.beep(), i * ALERT_TIMING.gapMs));
    }
    this.handles.push(this.timers.setTimeout(() => this.running && this.cycle(), ALERT_TIMING.cycleMs));
  }
}

/** Phones and tablets get no alert sound (spec): a coarse pointer without hover is a touch device. */
export function isDesktop(win: Pick<Window, 'matchMedia'> | undefined = typeof window === 'undefined' ? undefined : window): boolean {
  if (!win?.matchMedia) return true;
  return !win.matchMedia('(hover: none) and (pointer: coarse)').matches;
}

type AudioContextConstructor = new () => AudioContext;

/** Plays the synthesised sounds; silent (but still announced) where the browser has no Web Audio. */
export class SoundPlayer {
  private context: AudioContext | null = null;

  constructor(private readonly target: EventTarget | null = typeof window === 'undefined' ? null : window) {}

  play(name: SoundName): void {
    this.target?.dispatchEvent(new CustomEvent('app:sound', { detail: { name } }));
    const ctx = this.audio();
    if (!ctx) return;
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    const notes = name === 'incoming' ? [{ freq: 880, at: 0, length: 0.18 }] : [{ freq: 660, at: 0, length: 0.14 }, { freq: 990, at: 0.16, length: 0.22 }];
    for (const note of notes) this.tone(ctx, note.freq, ctx.currentTime + note.at, note.length);
  }

  private audio(): AudioContext | null {
    if (this.context) return this.context;
    const Ctor = (globalThis as { AudioContext?: AudioContextConstructor }).AudioContext;
    if (!Ctor) return null;
    try {
      this.context = new Ctor();
    } catch {
      return null;
    }
    return this.context;
  }

  private tone(ctx: AudioContext, freq: number, start: number, length: number): void {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.value = freq;
    // A quick attack and a soft release at the spec's volume, so the beep does not click.
    gain.gain.setValueAtTime(0, start);
    gain.gain.linearRampToValueAtTime(ALERT_TIMING.volume, start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.001, start + length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start);
    osc.stop(start + length + 0.02);
  }
}
