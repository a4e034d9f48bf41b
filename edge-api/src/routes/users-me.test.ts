import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, customerA, customerB, type TestApp } from '../testing/test-app';
import { emulatorToken } from '../testing/tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

const home = { id: 'home-1', label: 'Home', address: 'House 12, Road 5, Dhanmondi, Dhaka' };
const office = { id: 'office-1', label: 'Office', address: 'Level 4, 27 Kemal Ataturk Ave, Banani, Dhaka' };

describe('GET /users/me and PUT /users/me (the account’s profile)', () => {
  it('answers a new account with the token’s e-mail and name, no phone and no addresses', async () => {
    const res = await t.call('GET', '/api/users/me', { role: 'customerB' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      uid: customerB.uid,
      email: customerB.email,
      phoneNumber: '',
      displayName: customerB.name,
      admin: false,
      phone: '',
      addresses: [],
    });
  });

  it('saves name, phone and addresses and reads them back, in the order given', async () => {
    const put = await t.call('PUT', '/api/users/me', {
      role: 'customerA',
      body: { displayName: 'Asha R.', phone: '01711-223344', addresses: [office, home] },
    });
    expect(put.status).toBe(200);
    const expected = {
      uid: customerA.uid,
      email: customerA.email,
      phoneNumber: '',
      displayName: 'Asha R.',
      admin: false,
      phone: '01711-223344',
      addresses: [office, home],
    };
    expect(await put.json()).toEqual(expected);
    expect(await (await t.call('GET', '/api/users/me', { role: 'customerA' })).json()).toEqual(expected);
    // The name is where GET /users/:email reads it too.
    expect(await (await t.call('GET', `/api/users/${customerA.email}`, { role: 'customerA' })).json()).toMatchObject({
      displayName: 'Asha R.',
    });
  });

  it('changes only the fields sent; null clears the phone; an address without an id is given one', async () => {
    const token = { uid: 'uid-partial', email: 'partial@example.test', name: 'Part' };
    const call = (body: unknown) =>
      t.app.request('/api/users/me', {
        method: body === undefined ? 'GET' : 'PUT',
        headers: { Authorization: `Bearer ${emulatorToken(token)}`, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    await call({ phone: '+880 1711 223344', addresses: [home] });
    await call({ displayName: 'Partha' });
    expect(await (await call(undefined)).json()).toMatchObject({
      displayName: 'Partha',
      phone: '+880 1711 223344',
      addresses: [home],
    });
    const added = (await (
      await call({ phone: null, addresses: [{ label: 'Shop', address: 'Karwan Bazar, Dhaka' }] })
    ).json()) as {
      phone: string;
      addresses: { id: string; label: string }[];
    };
    expect(added.phone).toBe('');
    expect(added.addresses).toHaveLength(1);
    expect(added.addresses[0]).toMatchObject({ label: 'Shop', address: 'Karwan Bazar, Dhaka' });
    expect(added.addresses[0]?.id).toMatch(/^[\w-]{1,64}$/);
  });

  it('refuses bad fields with a message per field, and saves nothing', async () => {
    const res = await t.call('PUT', '/api/users/me', {
      role: 'customerB',
      body: {
        phone: 'call me',
        addresses: [
          { id: 'a', label: '', address: 'Mirpur 10, Dhaka' },
          { id: 'b', label: 'x'.repeat(31), address: '   ' },
        ],
      },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; details: { fields: Record<string, string[]> } } };
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details.fields).toEqual({
      phone: ['Enter 6–20 digits (+, - and spaces allowed)'],
      'addresses.0.label': ['Required'],
      'addresses.1.label': ['At most 30 characters'],
      'addresses.1.address': ['Required'],
    });
    expect(await (await t.call('GET', '/api/users/me', { role: 'customerB' })).json()).toMatchObject({
      phone: '',
      addresses: [],
    });
  });

  it('keeps at most 5 addresses, each with its own id', async () => {
    const six = Array.from({ length: 6 }, (_, i) => ({
      id: `a${i}`,
      label: `Place ${i}`,
      address: `House ${i}, Dhaka`,
    }));
    const tooMany = await t.call('PUT', '/api/users/me', { role: 'customerB', body: { addresses: six } });
    expect(tooMany.status).toBe(400);
    expect(
      ((await tooMany.json()) as { error: { details: { fields: Record<string, string[]> } } }).error.details.fields,
    ).toEqual({ addresses: ['At most 5 addresses'] });
    const twins = await t.call('PUT', '/api/users/me', {
      role: 'customerB',
      body: { addresses: [home, { ...office, id: home.id }] },
    });
    expect(twins.status).toBe(400);
    const five = await t.call('PUT', '/api/users/me', { role: 'customerB', body: { addresses: six.slice(0, 5) } });
    expect(five.status).toBe(200);
    expect(((await five.json()) as { addresses: unknown[] }).addresses).toHaveLength(5);
  });

  it('never shows one account’s profile to another, even one with the same e-mail', async () => {
    await t.call('PUT', '/api/users/me', { role: 'customerA', body: { phone: '01811-000111', addresses: [home] } });
    const other = await t.call('GET', '/api/users/me', { role: 'customerB' });
    expect(JSON.stringify(await other.json())).not.toContain('01811-000111');
    const sameEmail = emulatorToken({ uid: 'uid-new-account', email: customerA.email });
    const res = await t.app.request('/api/users/me', { headers: { Authorization: `Bearer ${sameEmail}` } });
    expect(await res.json()).toMatchObject({ uid: 'uid-new-account', phone: '', addresses: [] });
    expect((await t.call('GET', '/api/users/me')).status).toBe(401);
  });

  it('takes e-mail, phone number, uid and admin from the token, never from the body', async () => {
    const res = await t.call('PUT', '/api/users/me', {
      role: 'customerB',
      body: {
        email: 'boss@example.test',
        phoneNumber: '+8801700000000',
        uid: 'uid-admin',
        admin: true,
        phone: '01911-000222',
      },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      uid: customerB.uid,
      email: customerB.email,
      phoneNumber: '',
      admin: false,
      phone: '01911-000222',
    });
  });

  it('answers the effective admin flag', async () => {
    expect(await (await t.call('GET', '/api/users/me', { role: 'admin' })).json()).toMatchObject({ admin: true });
  });
});
