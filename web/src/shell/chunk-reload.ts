/**
 * A route's code file can fail to load for two reasons: the network is gone, or a deploy replaced the hashed
 * file names the open page still asks for. The second heals with one reload (the new index.html names the new
 * files); the first must not loop. So: reload at most once per 30 s, remembered across the reload in
 * sessionStorage, and only for errors that are a failed module load.
 */
const KEY = 'chunk-reload-at';
const WINDOW_MS = 30_000;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|ChunkLoadError/i.test(
    message,
  );
}

/** True when a reload was started (the caller shows nothing); false when one was already tried recently. */
export function reloadOnceForChunk(storage: Pick<Storage, 'getItem' | 'setItem'>, reload: () => void, now = Date.now()): boolean {
  let last = 0;
  try {
    last = Number(storage.getItem(KEY) ?? 0) || 0;
  } catch {
    return false; // storage refused (private mode): never risk a reload loop
  }
  if (now - last < WINDOW_MS) return false;
  try {
    storage.setItem(KEY, String(now));
  } catch {
    return false;
  }
  reload();
  return true;
}
