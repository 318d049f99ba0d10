import { ALERT_TIMING, AlertLoop, isDesktop, SoundPlayer, type Timers } from './sounds';

/** A manual clock: timers fire when the test advances time. */
function manualTimers(): Timers & { advance(ms: number): void } {
  let now = 0;
  let next = 0;
  const queue = new Map<number, { at: number; fn: () => void }>();
  return {
    setTimeout(fn, ms) {
      next += 1;
      queue.set(next, { at: now + ms, fn });
      return next;
    },
    clearTimeout(handle) {
      queue.delete(handle as number);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...queue.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        queue.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = end;
    },
  };
}

describe('the incoming-challenge alert rhythm (spec: 4 repeats ~0.8 s apart, restarting every 4 s)', () => {
  it('beeps at 0, 0.8, 1.6 and 2.4 s, then again from 4 s, until stopped', () => {
    const timers = manualTimers();
    const beeps: number[] = [];
    let t = 0;
    const loop = new AlertLoop(() => beeps.push(t), timers);
    loop.start();
    for (t = 0; t <= 8_000; t += 100) timers.advance(t === 0 ? 0 : 100);
    expect(beeps).toEqual([0, 800, 1600, 2400, 4000, 4800, 5600, 6400, 8000]);
    loop.stop();
    const count = beeps.length;
    timers.advance(10_000);
    expect(beeps).toHaveLength(count);
    expect(ALERT_TIMING.volume).toBe(0.8);
  });

  it('a second start while running does not double the beeps', () => {
    const timers = manualTimers();
    let beeps = 0;
    const loop = new AlertLoop(() => (beeps += 1), timers);
    loop.start();
    loop.start();
    timers.advance(3_000);
    expect(beeps).toBe(4);
  });
});

describe('sound rules', () => {
  it('touch devices count as mobile (no alert), a mouse as desktop', () => {
    expect(isDesktop({ matchMedia: () => ({ matches: true }) as unknown as MediaQueryList })).toBe(false);
    expect(isDesktop({ matchMedia: () => ({ matches: false }) as unknown as MediaQueryList })).toBe(true);
  });

  it('announces each sound played, even where the browser has no Web Audio', () => {
    const target = new EventTarget();
    const heard: string[] = [];
    target.addEventListener('app:sound', (e) => heard.push((e as CustomEvent<{ name: string }>).detail.name));
    new SoundPlayer(target).play('accepted');
    expect(heard).toEqual(['accepted']);
  });
});
