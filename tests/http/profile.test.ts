import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { UserRepository } from '../../application/ports/users';
import { ImageStore } from '../../application/ports/services';
import { signUp, startTestServer, type TestServer } from '../support/http';

async function makePro(server: TestServer, email: string): Promise<string> {
  const { token, user } = await signUp(server, email);
  await server.container.get<UserRepository>(UserRepository).setRole(user.id as number, 'pro', 'IM');
  return token;
}

function storedImageCount(server: TestServer): number {
  const dir = join(server.dataDir, 'images');
  return existsSync(dir) ? readdirSync(dir).length : 0;
}

function settingsQuery(params: Record<string, string>): string {
  return `/api/save_settings?${new URLSearchParams({ ...params, t: String(Date.now()) }).toString()}`;
}

describe('profile and settings over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  describe('update_profile (JSON)', () => {
    it('saves a regular user\'s own fields and returns the saved user', async () => {
      const { token } = await signUp(server, 'regular@example.com');
      const result = await server.call('/api/update_profile', {
        token,
        body: { firstName: 'Ana', lastName: 'Kovač', timezone: 'America/New_York', lichessUsername: 'ana_k', incomingChallengeAlertEnabled: true },
      });
      expect(result.status).toBe(200);
      expect(result.body.user).toMatchObject({ firstName: 'Ana', lastName: 'Kovač', timezone: 'America/New_York', lichessUsername: 'ana_k', incomingChallengeAlertEnabled: true });
    });

    it('refuses titled-player fields from a regular user with 403 and changes nothing', async () => {
      const { token } = await signUp(server, 'sneaky@example.com');
      const result = await server.call('/api/update_profile', { token, body: { firstName: 'Changed', pricePerMin: 2 } });
      expect(result.status).toBe(403);
      expect(result.body.error).toBe('ERR_FORBIDDEN');
      const user = (await server.call('/api/load_user', { method: 'POST', token })).body.user as { firstName: string; pricePerMin: number };
      expect(user.firstName).toBe('');
      expect(user.pricePerMin).toBe(0);
    });

    it('lets a pro set price, range, ratings and the online toggle (sending their own title back is fine)', async () => {
      const token = await makePro(server, 'pro@example.com');
      const result = await server.call('/api/update_profile', {
        token,
        body: { pricePerMin: 1.25, minsPerSideMin: 3, minsPerSideMax: 60, lichessBlitzRating: 2450, title: 'IM', online: true, onlineSchedule: { from: '08:00', to: '23:00' } },
      });
      expect(result.status).toBe(200);
      expect(result.body.user).toMatchObject({ pricePerMin: 1.25, minsPerSideMin: 3, minsPerSideMax: 60, lichessBlitzRating: 2450, title: 'IM', online: true, onlineSchedule: { from: '08:00', to: '23:00' } });
    });

    it('a pro cannot change their verified title: 403 for another title or none, and nothing changes', async () => {
      const token = await makePro(server, 'titled@example.com');
      for (const title of ['GM', 'WCM', null]) {
        const result = await server.call('/api/update_profile', { token, body: { title, pricePerMin: 2 } });
        expect([title, result.status, result.body.error]).toEqual([title, 403, 'ERR_FORBIDDEN']);
      }
      const refused = await server.call(settingsQuery({ title: '' }), { method: 'POST', token });
      expect(refused.status).toBe(403);
      const user = (await server.call('/api/load_user', { method: 'POST', token })).body.user as Record<string, unknown>;
      expect(user).toMatchObject({ title: 'IM', pricePerMin: 0 });
    });

    it.each([
      [{ pricePerMin: 0.09 }, 'pricePerMin'],
      [{ pricePerMin: 5.01 }, 'pricePerMin'],
      [{ pricePerMin: 1.005 }, 'pricePerMin'],
      [{ minsPerSideMin: 0 }, 'minsPerSideMin'],
      [{ minsPerSideMax: 121 }, 'minsPerSideMax'],
      [{ minsPerSideMin: 30, minsPerSideMax: 10 }, 'minsPerSideMax'],
      [{ lichessRapidRating: -1 }, 'lichessRapidRating'],
      [{ onlineSchedule: { from: '08:10', to: '23:00' } }, 'onlineScheduleFrom'],
      [{ timezone: 'Not/AZone' }, 'timezone'],
      [{ lichessUsername: 'no spaces allowed' }, 'lichessUsername'],
    ])('refuses %j with ERR_VALIDATION on %s and keeps the saved values', async (body, path) => {
      const token = await makePro(server, `pro-${path}-${Math.random()}@example.com`);
      const result = await server.call('/api/update_profile', { token, body });
      expect(result.status).toBe(400);
      expect(result.body.error).toBe('ERR_VALIDATION');
      expect((result.body.issues as { path: string }[]).map((i) => i.path)).toContain(path);
      const user = (await server.call('/api/load_user', { method: 'POST', token })).body.user as Record<string, unknown>;
      expect(user).toMatchObject({ pricePerMin: 0, minsPerSideMin: 1, minsPerSideMax: 120, lichessRapidRating: 0, onlineSchedule: null });
    });

    it("gives the spec's text when the higher value is below the lower one", async () => {
      const token = await makePro(server, 'range@example.com');
      const result = await server.call('/api/update_profile', { token, body: { minsPerSideMin: 30, minsPerSideMax: 10 } });
      expect(result.body.issues).toEqual([{ path: 'minsPerSideMax', message: "The higher value can't be less than the lower value." }]);
    });
  });

  describe('save_settings (query parameters)', () => {
    it('reads settings from the query, with the schedule as onlineScheduleFrom/To and the t parameter ignored', async () => {
      const token = await makePro(server, 'settings@example.com');
      const result = await server.call(
        settingsQuery({ firstName: 'Iva', pricePerMin: '0.5', minsPerSideMin: '5', minsPerSideMax: '90', onlineScheduleFrom: '22:00', onlineScheduleTo: '02:00', availableForScheduledChallenges: 'false', title: 'IM', timezone: 'Asia/Tokyo' }),
        { method: 'POST', token },
      );
      expect(result.status).toBe(200);
      expect(result.body.user).toMatchObject({ firstName: 'Iva', pricePerMin: 0.5, minsPerSideMin: 5, minsPerSideMax: 90, onlineSchedule: { from: '22:00', to: '02:00' }, availableForScheduledChallenges: false, title: 'IM', timezone: 'Asia/Tokyo' });
    });

    it('clears the schedule with empty strings', async () => {
      const token = await makePro(server, 'clear@example.com');
      await server.call(settingsQuery({ onlineScheduleFrom: '08:00', onlineScheduleTo: '23:00' }), { method: 'POST', token });
      const cleared = await server.call(settingsQuery({ onlineScheduleFrom: '', onlineScheduleTo: '' }), { method: 'POST', token });
      expect(cleared.body.user).toMatchObject({ onlineSchedule: null, title: 'IM' });
    });

    it("names the missing half of a schedule with the spec's texts", async () => {
      const token = await makePro(server, 'half@example.com');
      const result = await server.call(settingsQuery({ onlineScheduleFrom: '08:00', onlineScheduleTo: '' }), { method: 'POST', token });
      expect(result.body.issues).toEqual([{ path: 'onlineScheduleTo', message: 'To time is required' }]);
      const empty = await server.call(settingsQuery({ pricePerMin: '' }), { method: 'POST', token });
      expect(empty.body.issues).toEqual([{ path: 'pricePerMin', message: 'Price per minute is required' }]);
    });

    it('refuses unknown settings and non-boolean flags', async () => {
      const { token } = await signUp(server, 'unknown-setting@example.com');
      expect((await server.call(settingsQuery({ role: 'admin' }), { method: 'POST', token })).body.error).toBe('ERR_VALIDATION');
      expect((await server.call(settingsQuery({ incomingChallengeAlertEnabled: 'yes' }), { method: 'POST', token })).body.error).toBe('ERR_VALIDATION');
    });
  });

  describe('profile images', () => {
    const png = () => sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer();

    function upload(token: string, bytes: Buffer, name = 'me.png', type = 'image/png'): Promise<import('../support/http').CallResult> {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(bytes)], { type }), name);
      return server.call('/api/save_profile_image', { method: 'POST', token, rawBody: form });
    }

    it('stores an uploaded image re-encoded to a 256x256 WebP under a random name and serves it', async () => {
      const { token } = await signUp(server, 'image@example.com');
      const result = await upload(token, await png());
      expect(result.status).toBe(200);
      const filename = result.body.profile_filename as string;
      expect(filename).toMatch(/^[0-9a-f]{32}\.webp$/);
      const served = await fetch(`${server.url}/api/get_profile_image/${filename}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
      const user = (await server.call('/api/load_user', { method: 'POST', token })).body.user as { profileFilename: string };
      expect(user.profileFilename).toBe(filename);
    });

    it('refuses a text file declared as a PNG and stores nothing', async () => {
      const { token } = await signUp(server, 'textfile@example.com');
      const before = storedImageCount(server);
      const result = await upload(token, Buffer.from('definitely not an image\n'.repeat(20)), 'evil.png', 'image/png');
      expect(result.status).toBe(400);
      expect(result.body.error).toBe('ERR_VALIDATION');
      expect(storedImageCount(server)).toBe(before);
      const user = (await server.call('/api/load_user', { method: 'POST', token })).body.user as { profileFilename: unknown };
      expect(user.profileFilename).toBeNull();
    });

    it('refuses an upload over 5 MB with 413 and an upload without a token with 401', async () => {
      const { token } = await signUp(server, 'big@example.com');
      const big = await upload(token, Buffer.alloc(5 * 1024 * 1024 + 10, 1));
      expect(big.status).toBe(413);
      expect(big.body.error).toBe('ERR_PAYLOAD_TOO_LARGE');
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'a.png');
      const anonymous = await server.call('/api/save_profile_image', { method: 'POST', rawBody: form });
      expect(anonymous.status).toBe(401);
    });

    it.each(['..%2F..%2Fpackage.json', '..%2Fapp.sqlite', '%2Fetc%2Fpasswd', 'ABCDEF0123456789ABCDEF0123456789.webp', 'x.webp', '..', '%00'])(
      'answers 404 for the name %s without reading the disk',
      async (name) => {
        const read = jest.spyOn(server.container.get<ImageStore>(ImageStore), 'read');
        const result = await server.call(`/api/get_profile_image/${name}`);
        expect(result.status).toBe(404);
        expect(result.body.error).toBe('ERR_NOT_FOUND');
        expect(read).not.toHaveBeenCalled();
        read.mockRestore();
      },
    );
  });
});
