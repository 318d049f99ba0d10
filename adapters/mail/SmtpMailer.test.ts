import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { startSmtp } from '../../tests/adapters/support/smtp-sink';
import { leaves, parseMime } from '../../tests/adapters/support/mime';
import { AppError } from '../../domain/errors';
import { SmtpMailer } from './SmtpMailer';

const FROM = 'Titled Chess <no-reply@titledchess.example>';
const ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Titled Chess//EN',
  'METHOD:REQUEST',
  'BEGIN:VEVENT',
  'UID:session-42@titledchess.example',
  'DTSTART:20261201T180000Z',
  'DTEND:20261201T183000Z',
  'SUMMARY:Chess session with GM Example',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

describe('SmtpMailer over a real SMTP socket', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeEach(async () => {
    smtp = await startSmtp();
  });
  afterEach(async () => {
    await smtp.stop();
  });

  it('delivers subject, from, to, text, html and an .ics calendar attachment to exactly the recipient', async () => {
    const mailer = new SmtpMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: FROM });
    await mailer.send({
      to: 'player@example.com',
      subject: 'Your session is scheduled',
      text: 'See you on the board: https://app.example/session/42',
      html: '<p>See you on the <b>board</b></p>',
      replyTo: 'support@titledchess.example',
      attachments: [{ filename: 'session.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST', content: ICS }],
    });

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.mailFrom).toBe('no-reply@titledchess.example');
    expect(mail!.rcptTo).toEqual(['player@example.com']);
    const parsed = parseMime(mail!.raw);
    expect(parsed.headers.get('subject')).toBe('Your session is scheduled');
    expect(parsed.headers.get('from')).toBe(FROM);
    expect(parsed.headers.get('to')).toBe('player@example.com');
    expect(parsed.headers.get('reply-to')).toBe('support@titledchess.example');
    const parts = leaves(parsed);
    expect(parts.find((p) => p.contentType === 'text/plain' && !p.filename)?.body).toBe(
      'See you on the board: https://app.example/session/42',
    );
    expect(parts.find((p) => p.contentType === 'text/html')?.body).toBe('<p>See you on the <b>board</b></p>');
    const calendar = parts.find((p) => p.filename === 'session.ics');
    expect(calendar?.contentType).toBe('text/calendar');
    expect(calendar?.headers.get('content-type')).toContain('method=REQUEST');
    expect(calendar?.body).toBe(ICS);
  });

  it('keeps non-ASCII subject and text intact (UTF-8 end to end)', async () => {
    const mailer = new SmtpMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: FROM });
    await mailer.send({ to: 'spieler@example.com', subject: 'Partie gegen GM Müller ♞', text: 'Grüße, 世界' });
    const parsed = parseMime(smtp.received[0]!.raw);
    expect(parsed.headers.get('subject')).toBe('Partie gegen GM Müller ♞');
    expect(leaves(parsed)[0]!.body).toBe('Grüße, 世界');
  });

  it('authenticates with the user and password in the SMTP URL', async () => {
    const mailer = new SmtpMailer({ smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}`, from: FROM });
    await mailer.send({ to: 'player@example.com', subject: 'Hi', text: 'Hello' });
    expect(smtp.received[0]!.user).toBe('mailer');
  });

  it('raises AppError(internal) when the server refuses the credentials, and delivers nothing', async () => {
    const mailer = new SmtpMailer({ smtpUrl: `smtp://mailer:wrong@127.0.0.1:${smtp.port}`, from: FROM });
    const failure = mailer.send({ to: 'player@example.com', subject: 'Hi', text: 'Hello' });
    await expect(failure).rejects.toMatchObject({ kind: 'internal', message: expect.stringMatching(/SMTP delivery failed/) });
    expect(smtp.received).toHaveLength(0);
  });

  it('raises AppError(internal) when the server refuses the recipient with 550', async () => {
    const mailer = new SmtpMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: FROM });
    await expect(mailer.send({ to: 'nobody@refused.example', subject: 'Hi', text: 'Hello' })).rejects.toBeInstanceOf(AppError);
    expect(smtp.received).toHaveLength(0);
  });

  it('refuses a `to` holding several addresses before talking to the server', async () => {
    const mailer = new SmtpMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: FROM });
    for (const to of ['a@example.com, b@example.com', 'a@example.com;b@example.com', 'Eve <eve@example.com>', 'no-at-sign', '']) {
      await expect(mailer.send({ to, subject: 'Hi', text: 'x' })).rejects.toMatchObject({ kind: 'validation' });
    }
    expect(smtp.received).toHaveLength(0);
  });

  it('does not let line breaks in the subject add headers or recipients', async () => {
    const mailer = new SmtpMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: FROM });
    await mailer.send({ to: 'player@example.com', subject: 'Hello\r\nBcc: eve@evil.example\r\n\r\nowned', text: 'x' });
    const [mail] = smtp.received;
    expect(mail!.rcptTo).toEqual(['player@example.com']);
    const parsed = parseMime(mail!.raw);
    expect(parsed.headers.has('bcc')).toBe(false);
    expect(parsed.headers.get('subject')).toBe('Hello Bcc: eve@evil.example owned');
  });
});

describe('SmtpMailer against servers that are not there', () => {
  it('raises AppError(internal) when nothing listens on the port', async () => {
    const probe = createTcpServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const mailer = new SmtpMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM, timeoutMs: 2000 });
    await expect(mailer.send({ to: 'player@example.com', subject: 'Hi', text: 'x' })).rejects.toMatchObject({
      kind: 'internal',
      message: expect.stringMatching(/ECONNREFUSED/),
    });
  });

  it('gives up within the time-out when the server accepts the connection but never greets', async () => {
    const sockets: Socket[] = [];
    const silent: TcpServer = createTcpServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const mailer = new SmtpMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM, timeoutMs: 300 });
    const started = Date.now();
    await expect(mailer.send({ to: 'player@example.com', subject: 'Hi', text: 'x' })).rejects.toMatchObject({ kind: 'internal' });
    expect(Date.now() - started).toBeLessThan(5000);
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });
});
