import { createServer, type Server } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import { close, listen } from '../../tests/adapters/support/http';
import { devOutboxRoutes, extractLinks, linkify } from './dev-outbox-routes';
import { OutboxMailer } from './OutboxMailer';

describe('dev outbox pages over HTTP', () => {
  let directory: string;
  let outbox: OutboxMailer;
  let server: Server;
  let base: string;

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'outbox-routes-'));
    outbox = new OutboxMailer({ directory: join(directory, 'outbox'), from: 'Titled Chess <no-reply@titledchess.example>' });
    const app = new Koa();
    app.use(devOutboxRoutes(outbox).routes());
    server = createServer(app.callback());
    base = await listen(server);
  });
  afterEach(async () => {
    await close(server);
    await rm(directory, { recursive: true, force: true });
  });

  it('GET /dev/outbox.json lists messages newest first with their text and links, filtered by ?to=', async () => {
    await outbox.send({ to: 'alice@example.com', subject: 'Welcome', text: 'Hi Alice.' });
    await outbox.send({ to: 'bob@example.com', subject: 'Reset', text: 'Reset: https://app.example/set_password?token=t1.' });
    await outbox.send({ to: 'alice@example.com', subject: 'Reset', text: 'Reset: https://app.example/set_password?token=t2' });

    const all = await fetch(`${base}/dev/outbox.json`);
    expect(all.status).toBe(200);
    expect(all.headers.get('cache-control')).toBe('no-store');
    const body = (await all.json()) as { messages: { to: string; subject: string; links: string[]; id: string }[] };
    expect(body.messages.map((m) => [m.to, m.subject])).toEqual([
      ['alice@example.com', 'Reset'],
      ['bob@example.com', 'Reset'],
      ['alice@example.com', 'Welcome'],
    ]);
    expect(body.messages[1]!.links).toEqual(['https://app.example/set_password?token=t1']);

    const filtered = (await (await fetch(`${base}/dev/outbox.json?to=${encodeURIComponent('ALICE@example.com')}`)).json()) as {
      messages: { links: string[] }[];
    };
    expect(filtered.messages.map((m) => m.links)).toEqual([['https://app.example/set_password?token=t2'], []]);
  });

  it('GET /dev/outbox lists subjects HTML-escaped, each linking to its message page', async () => {
    await outbox.send({ to: 'eve@example.com', subject: '<script>alert(1)</script>', text: 'x' });
    const [summary] = await outbox.list();
    const response = await fetch(`${base}/dev/outbox`);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain(`href="/dev/outbox/${summary!.id}"`);
  });

  it('GET /dev/outbox/:id shows the message with clickable links and everything else escaped', async () => {
    await outbox.send({
      to: 'player@example.com',
      subject: 'Reset your password',
      text: 'Click https://app.example/set_password?token=a&b=1 now. <img src=x onerror=alert(1)>',
      attachments: [{ filename: 'invite.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR<b>' }],
    });
    const [summary] = await outbox.list();
    const response = await fetch(`${base}/dev/outbox/${summary!.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<a href="https://app.example/set_password?token=a&amp;b=1">https://app.example/set_password?token=a&amp;b=1</a>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
    expect(html).toContain('invite.ics');
    expect(html).toContain('BEGIN:VCALENDAR&lt;b&gt;');
  });

  it('answers 404 for unknown ids and for ids that try to leave the outbox folder', async () => {
    await writeFile(join(directory, 'secret.json'), JSON.stringify({ subject: 'SECRET', to: 'x', text: 'x', attachments: [] }));
    for (const path of ['20261122T020106123Z-a1b2c3d4e5f6', '..%2Fsecret', '%2E%2E%2Fsecret', 'secret', '..%5Csecret']) {
      const response = await fetch(`${base}/dev/outbox/${path}`);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('SECRET');
    }
  });
});

describe('link helpers of the outbox pages', () => {
  it('finds http and https links without trailing sentence punctuation', () => {
    expect(extractLinks('Go to https://a.example/x?y=1, or http://b.example/z). Done: https://c.example.')).toEqual([
      'https://a.example/x?y=1',
      'http://b.example/z',
      'https://c.example',
    ]);
  });
  it('never turns non-http schemes into links', () => {
    expect(linkify('javascript:alert(1) data:text/html,x')).toBe('javascript:alert(1) data:text/html,x');
    expect(linkify('"><svg onload=1> https://a.example/"x"')).toBe(
      '&quot;&gt;&lt;svg onload=1&gt; <a href="https://a.example/">https://a.example/</a>&quot;x&quot;',
    );
  });
});
