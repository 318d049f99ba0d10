import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isOutboxId, OutboxMailer } from './OutboxMailer';

const FROM = 'Titled Chess <no-reply@titledchess.example>';

describe('OutboxMailer', () => {
  let directory: string;
  let outbox: OutboxMailer;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'outbox-'));
    outbox = new OutboxMailer({ directory: join(directory, 'nested', 'outbox'), from: FROM });
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('writes each message as one JSON file named <timestamp>-<random>.json in a folder it creates', async () => {
    await outbox.send({
      to: 'player@example.com',
      subject: 'Reset your password',
      text: 'Open https://app.example/set_password?token=abc',
      html: '<a href="https://app.example/set_password?token=abc">Reset</a>',
      attachments: [{ filename: 'a.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' }],
    });
    const files = await readdir(join(directory, 'nested', 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{12}\.json$/);
    const stored = JSON.parse(await readFile(join(directory, 'nested', 'outbox', files[0]!), 'utf8')) as Record<string, unknown>;
    expect(stored).toMatchObject({
      from: FROM,
      to: 'player@example.com',
      subject: 'Reset your password',
      text: 'Open https://app.example/set_password?token=abc',
      attachments: [{ filename: 'a.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' }],
    });
    expect(Date.parse(stored.date as string)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('lists newest first even when messages are sent within the same millisecond', async () => {
    for (let i = 0; i < 20; i += 1) await outbox.send({ to: 'player@example.com', subject: `Message ${i}`, text: 'x' });
    const listed = await outbox.list();
    expect(listed.map((m) => m.subject)).toEqual(Array.from({ length: 20 }, (_, i) => `Message ${19 - i}`));
    expect(new Set(listed.map((m) => m.id)).size).toBe(20);
    expect(Object.keys(listed[0]!).sort()).toEqual(['date', 'id', 'subject', 'to']);
  });

  it('filters by recipient ignoring case and surrounding spaces, and honours a limit', async () => {
    await outbox.send({ to: 'Alice@Example.com', subject: 'for alice', text: 'x' });
    await outbox.send({ to: 'bob@example.com', subject: 'for bob', text: 'x' });
    await outbox.send({ to: 'alice@example.com', subject: 'for alice again', text: 'x' });
    expect((await outbox.list({ to: ' alice@example.COM ' })).map((m) => m.subject)).toEqual(['for alice again', 'for alice']);
    expect(await outbox.list({ to: 'carol@example.com' })).toEqual([]);
    expect((await outbox.listMessages({ limit: 1 })).map((m) => m.subject)).toEqual(['for alice again']);
  });

  it('reads a message back by the id it listed', async () => {
    await outbox.send({ to: 'player@example.com', subject: 'Hello', text: 'Body', replyTo: 'support@titledchess.example' });
    const [summary] = await outbox.list();
    expect(await outbox.read(summary!.id)).toMatchObject({
      id: summary!.id,
      subject: 'Hello',
      text: 'Body',
      replyTo: 'support@titledchess.example',
      attachments: [],
    });
  });

  it('answers null for malformed ids without reading outside the folder', async () => {
    // A file that a traversal would reach if the id were used as a path.
    await writeFile(join(directory, 'secret.json'), JSON.stringify({ subject: 'secret' }));
    for (const id of ['../secret', '..%2Fsecret', '../../etc/passwd', '/etc/passwd', 'x\0y', '', '20261122T020106123Z-ABCDEF123456', '20261122T020106123Z-a1b2c3d4e5f6/../../secret', '20261122t020106123z-a1b2c3d4e5f6']) {
      expect(isOutboxId(id)).toBe(false);
      await expect(outbox.read(id)).resolves.toBeNull();
    }
    await expect(outbox.read('20261122T020106123Z-a1b2c3d4e5f6')).resolves.toBeNull();
  });

  it('lists nothing (rather than failing) before the folder exists and skips foreign or broken files', async () => {
    expect(await outbox.list()).toEqual([]);
    await outbox.send({ to: 'player@example.com', subject: 'Real', text: 'x' });
    const folder = join(directory, 'nested', 'outbox');
    await writeFile(join(folder, 'notes.json'), '{}');
    await writeFile(join(folder, '29991231T235959999Z-000000000000.json'), '{ not json');
    expect((await outbox.list()).map((m) => m.subject)).toEqual(['Real']);
  });

  it('applies the same recipient rules as the SMTP mailer', async () => {
    await expect(outbox.send({ to: 'a@example.com, b@example.com', subject: 'x', text: 'x' })).rejects.toMatchObject({
      kind: 'validation',
    });
    await outbox.send({ to: 'a@example.com', subject: 'Line\r\nBcc: eve@evil.example', text: 'x' });
    expect((await outbox.list())[0]!.subject).toBe('Line Bcc: eve@evil.example');
  });

  it('keeps every message when many are sent concurrently', async () => {
    await Promise.all(Array.from({ length: 25 }, (_, i) => outbox.send({ to: 'p@example.com', subject: `c${i}`, text: 'x' })));
    const listed = await outbox.list();
    expect(listed).toHaveLength(25);
    expect(new Set(listed.map((m) => m.subject)).size).toBe(25);
  });
});
