/**
 * Registers web/public/sw.js (production builds only) and reloads the page once when a new worker takes
 * control. The very first install does not count: the page was not controlled before, so nothing is stale.
 */
export function registerServiceWorker(onError: (error: unknown) => void): void {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  const hadController = Boolean(container.controller);
  let reloaded = false;
  container.addEventListener('controllerchange', () => {
    if (!hadController || reloaded) return;
    reloaded = true;
    window.location.reload();
  });
  window.addEventListener('load', () => {
    container.register('/sw.js').catch(onError);
  });
}

/** Tells the background worker who is signed in (it uses the token for the cancel-on-close call). */
export function messageServiceWorker(token: string | null, userId: number | null): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) => registration.active?.postMessage({ type: 'session', token, userId }))
    .catch(() => undefined);
}

/** Posts to the worker controlling this page at once (a page being closed cannot wait for `ready`); false if none does. */
export function messageControllingWorker(message: object): boolean {
  const controller = 'serviceWorker' in navigator ? navigator.serviceWorker.controller : null;
  if (!controller) return false;
  controller.postMessage(message);
  return true;
}
