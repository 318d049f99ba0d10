import { InMemoryUnitOfWork } from '../persistence/in-memory/InMemoryUnitOfWork';
import { outsideUnitOfWork } from './outside-unit-of-work';

describe('outsideUnitOfWork: external calls never run inside a unit of work', () => {
  const port = {
    calls: 0,
    async send(text: string): Promise<string> {
      this.calls += 1;
      return `sent ${text}`;
    },
  };

  it('passes calls through outside a unit of work, with `this` intact', async () => {
    const uow = new InMemoryUnitOfWork();
    const guarded = outsideUnitOfWork(port, uow, 'Mailer');
    await expect(guarded.send('hi')).resolves.toBe('sent hi');
    expect(port.calls).toBe(1);
  });

  it('throws, naming the port and method, when called inside one (and the unit of work rolls back)', async () => {
    const uow = new InMemoryUnitOfWork();
    const guarded = outsideUnitOfWork(port, uow, 'Mailer');
    await expect(uow.run(() => guarded.send('inside'))).rejects.toThrow('Mailer.send was called inside a unit of work: commit first, then call');
    expect(port.calls).toBe(1);
  });
});
