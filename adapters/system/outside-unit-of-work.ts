import type { UnitOfWork } from '../../application/ports/system';

/**
 * Wraps a port to the outside world so that calling it inside a unit of work throws at once. Such a call holds
 * a transaction open for a network round trip (on SQLite, every request waits behind it) and cannot be rolled
 * back with it: the rule is commit, then call, then undo in a second unit of work if the call failed.
 */
export function outsideUnitOfWork<T extends object>(port: T, uow: UnitOfWork, name: string): T {
  return new Proxy(port, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (uow.active) throw new Error(`${name}.${String(property)} was called inside a unit of work: commit first, then call`);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
