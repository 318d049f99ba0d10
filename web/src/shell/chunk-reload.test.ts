import { isChunkLoadError, reloadOnceForChunk } from './chunk-reload';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const data = new Map<string, string>();
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('a failed route file reloads the page once, never in a loop', () => {
  it('recognises the browsers\' failed-module messages and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/About-1.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isChunkLoadError('boom')).toBe(false);
  });

  it('reloads the first time, not again within 30 s, and again after', () => {
    const storage = memoryStorage();
    let reloads = 0;
    const reload = () => (reloads += 1);
    expect(reloadOnceForChunk(storage, reload, 1_000_000)).toBe(true);
    expect(reloadOnceForChunk(storage, reload, 1_000_000 + 29_999)).toBe(false);
    expect(reloads).toBe(1);
    expect(reloadOnceForChunk(storage, reload, 1_000_000 + 30_000)).toBe(true);
    expect(reloads).toBe(2);
  });

  it('never reloads when storage refuses (it could not remember having tried)', () => {
    let reloads = 0;
    const refusing = { getItem: () => { throw new Error('denied'); }, setItem: () => undefined };
    expect(reloadOnceForChunk(refusing, () => (reloads += 1))).toBe(false);
    expect(reloads).toBe(0);
  });
});
