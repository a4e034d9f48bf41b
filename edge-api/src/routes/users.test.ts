import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createTestApp, customerA, customerB, type TestApp } from '../testing/test-app';
import { emulatorToken } from '../testing/tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

describe('users and admins', () => {
  it('saves the signed-in user and reads them back, admin false', async () => {
    expect(
      (
        await t.call('POST', '/api/users', {
          role: 'customerA',
          body: { email: customerA.email, displayName: 'Asha R.' },
        })
      ).status,
    ).toBe(200);
    const res = await t.call('GET', `/api/users/${customerA.email}`, { role: 'customerA' });
    expect(await res.json()).toEqual({ email: customerA.email, displayName: 'Asha R.', admin: false });
  });

  it('ignores a client-sent admin flag', async () => {
    await t.call('PUT', '/api/users', {
      role: 'customerB',
      body: { email: customerB.email, displayName: 'Babul', admin: true },
    });
    expect(await (await t.call('GET', `/api/users/${customerB.email}`, { role: 'customerB' })).json()).toMatchObject({
      admin: false,
    });
  });

  it('grants admin once (modifiedCount 1, then 0; 0 for an unknown e-mail), and the new admin can list orders', async () => {
    await t.call('PUT', '/api/users', { role: 'customerB', body: { email: customerB.email, displayName: 'Babul' } });
    const grant = (email: string) => t.call('PUT', '/api/users/admin', { role: 'admin', body: { email } });
    expect(await (await grant(customerB.email)).json()).toEqual({ modifiedCount: 1 });
    expect(await (await grant(customerB.email)).json()).toEqual({ modifiedCount: 0 });
    expect(await (await grant('stranger@example.test')).json()).toEqual({ modifiedCount: 0 });
    expect((await t.call('GET', '/api/orders', { role: 'customerB' })).status).toBe(200);
  });

  it('treats ADMIN_EMAILS as admins without a database flag', async () => {
    const app = createApp({ db: t.db, config: { ...t.config, adminEmails: ['boss@example.test'] } });
    const token = emulatorToken({ uid: 'uid-boss', email: 'Boss@Example.test' });
    const res = await app.request('/api/orders', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
  });
});
