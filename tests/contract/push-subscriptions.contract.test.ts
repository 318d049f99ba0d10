import { describeContract, T0, type Harness } from './harness';

async function user(h: Harness, slug: string): Promise<number> {
  return (await h.users.create({ email: `${slug}@example.com`, username: slug, passwordHash: 'hash', timezone: 'UTC' })).id;
}

describeContract('PushSubscriptionRepository', (h: () => Harness) => {
  it('saves subscriptions per user and lists them for the users asked', async () => {
    const a = await user(h(), 'alpha');
    const b = await user(h(), 'bravo');
    await h().push.save({ userId: a, endpoint: 'https://push.example/a1', p256dh: 'k1', auth: 'x1', createdAt: T0 });
    await h().push.save({ userId: a, endpoint: 'https://push.example/a2', p256dh: 'k2', auth: 'x2', createdAt: T0 });
    await h().push.save({ userId: b, endpoint: 'https://push.example/b1', p256dh: 'k3', auth: 'x3', createdAt: T0 });
    expect((await h().push.listForUsers([a])).map((s) => s.endpoint).sort()).toEqual(['https://push.example/a1', 'https://push.example/a2']);
    expect(await h().push.listForUsers([])).toEqual([]);
    expect((await h().push.listForUsers([a, b])).length).toBe(3);
  });

  it('one row per endpoint: saving it again (new keys, or another user signed in on that browser) replaces it', async () => {
    const a = await user(h(), 'alpha');
    const b = await user(h(), 'bravo');
    await h().push.save({ userId: a, endpoint: 'https://push.example/same', p256dh: 'old', auth: 'old', createdAt: T0 });
    await h().push.save({ userId: b, endpoint: 'https://push.example/same', p256dh: 'new', auth: 'new', createdAt: T0 });
    expect(await h().push.listForUsers([a])).toEqual([]);
    expect(await h().push.listForUsers([b])).toEqual([{ userId: b, endpoint: 'https://push.example/same', p256dh: 'new', auth: 'new', createdAt: T0 }]);
  });

  it('removes an endpoint the push service no longer knows, and removing twice is harmless', async () => {
    const a = await user(h(), 'alpha');
    await h().push.save({ userId: a, endpoint: 'https://push.example/gone', p256dh: 'k', auth: 'x', createdAt: T0 });
    await h().push.remove('https://push.example/gone');
    await h().push.remove('https://push.example/gone');
    expect(await h().push.listForUsers([a])).toEqual([]);
  });
});
