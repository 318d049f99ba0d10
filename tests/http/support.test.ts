import { OutboxMailer } from '../../adapters/mail/OutboxMailer';
import { ClientLogRepository, ContactMessageRepository } from '../../application/ports/records';
import { isLegalFen } from '../../domain/start-positions';
import { signUp, startTestServer, type TestServer } from '../support/http';

describe('contact, client logs, study positions and health over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  describe('contact_us', () => {
    it('stores the message and e-mails it to the support address with a reply-to', async () => {
      const result = await server.call('/api/contact_us', {
        body: { name: 'Marko', email: 'marko@example.com', lichess: 'marko_l', chesscom: '', message: 'I am an IM and want to join.' },
      });
      expect(result.status).toBe(200);
      expect(result.body.success).toBe(true);
      const stored = await server.container.get<ContactMessageRepository>(ContactMessageRepository).list(10);
      expect(stored[0]).toMatchObject({ name: 'Marko', email: 'marko@example.com', lichess: 'marko_l', message: 'I am an IM and want to join.', userId: null });
      const [mail] = await server.container.get(OutboxMailer).listMessages({ to: server.config.SUPPORT_EMAIL });
      expect(mail?.subject).toBe('Contact form: Marko');
      expect(mail?.text).toContain('I am an IM and want to join.');
    });

    it('links the message to the signed-in sender', async () => {
      const { token, user } = await signUp(server, 'member@example.com');
      await server.call('/api/contact_us', { token, body: { name: 'Member', email: 'member@example.com', message: 'Hello' } });
      const [latest] = await server.container.get<ContactMessageRepository>(ContactMessageRepository).list(1);
      expect(latest?.userId).toBe(user.id);
    });

    it("refuses missing fields with the spec's texts and stores nothing", async () => {
      const repo = server.container.get<ContactMessageRepository>(ContactMessageRepository);
      const before = (await repo.list(1000)).length;
      const result = await server.call('/api/contact_us', { body: { name: ' ', email: '', lichess: '', chesscom: '', message: '' } });
      expect(result.status).toBe(400);
      expect(result.body.issues).toEqual([
        { path: 'name', message: 'Name is required' },
        { path: 'email', message: 'Email is required' },
        { path: 'message', message: 'Message is required' },
      ]);
      expect((await repo.list(1000)).length).toBe(before);
    });
  });

  describe('save_logs', () => {
    const entry = (uuid: string, message = 'hello') => ({
      uuid,
      level: 'error',
      message,
      context: { page: '/play' },
      timestamp: '2026-01-15T11:59:00.000Z',
      user_id: null,
      app_load_uuid: 'a7d0d4a4-1c8e-4b6e-9a55-4f3f1c2b9d10',
    });

    it('stores entries once even when a flush is repeated, attributed to the signed-in user', async () => {
      const { token, user } = await signUp(server, 'logger@example.com');
      const logs = [entry('5b1c1f55-3a0e-4f7b-8a59-1d2e3f4a5b6c'), entry('6c2d2a66-4b1f-4a8c-9b6a-2e3f4a5b6c7d')];
      const first = await server.call('/api/save_logs', { token, body: { logs } });
      const again = await server.call('/api/save_logs', { token, body: { logs } });
      expect(first.body).toMatchObject({ success: true, stored: 2 });
      expect(again.body).toMatchObject({ success: true, stored: 0 });
      const stored = await server.container.get<ClientLogRepository>(ClientLogRepository).list(10);
      expect(stored.filter((l) => l.userId === user.id)).toHaveLength(2);
    });

    it('accepts a sendBeacon flush (text/plain JSON) from a visitor', async () => {
      const result = await server.call('/api/save_logs', {
        rawBody: JSON.stringify({ logs: [entry('7d3e3b77-5c2a-4b9d-8c7b-3f4a5b6c7d8e')] }),
        headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      });
      expect(result.body).toMatchObject({ success: true, stored: 1 });
    });

    it('cuts an over-long message to 2000 characters instead of dropping the batch', async () => {
      const result = await server.call('/api/save_logs', { body: { logs: [entry('8e4f4c88-6d3b-4cae-9d8c-4a5b6c7d8e9f', 'x'.repeat(5000))] } });
      expect(result.body.stored).toBe(1);
      const stored = await server.container.get<ClientLogRepository>(ClientLogRepository).list(50);
      expect(stored.find((l) => l.uuid === '8e4f4c88-6d3b-4cae-9d8c-4a5b6c7d8e9f')?.message).toHaveLength(2000);
    });

    it('refuses malformed entries and more than 500 entries per call', async () => {
      const bad = await server.call('/api/save_logs', { body: { logs: [{ ...entry('not-a-uuid'), level: 'loud' }] } });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('ERR_VALIDATION');
      const many = Array.from({ length: 501 }, (_, i) => entry(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`));
      expect((await server.call('/api/save_logs', { body: { logs: many } })).body.error).toBe('ERR_VALIDATION');
    });
  });

  it('serves at least 15 study positions of the three kinds, each a legal FEN', async () => {
    const result = await server.call('/api/study_positions?t=123');
    expect(result.status).toBe(200);
    const studies = result.body.studies as { title: string; description: string; starting_fen: string; position_type: string }[];
    expect(studies.length).toBeGreaterThanOrEqual(15);
    expect(new Set(studies.map((s) => s.position_type))).toEqual(new Set(['position_of_the_week', 'middlegame', 'endgame']));
    for (const study of studies) expect(isLegalFen(study.starting_fen)).toBe(true);
  });

  it('reports health with the database state', async () => {
    const result = await server.call('/api/health');
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ success: true, db: 'ok' });
  });
});
