import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, customerA, customerB, type TestApp } from '../testing/test-app';
import { emulatorToken } from '../testing/tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

const home = { id: 'home-1', label: 'Home', areaId: 'dhanmondi', line: 'House 12, Road 5', floor: '3rd floor' };
const office = {
  id: 'office-1',
  label: 'Office',
  areaId: 'banani',
  line: 'Level 4, 27 Kemal Ataturk Ave',
  landmark: 'Opposite the Banani lake',
  note: 'Ask at reception',
};

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
      // Stored and answered in E.164, whatever way it was written (DESIGN.md §15).
      phone: '+8801711223344',
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
      phone: '+8801711223344',
      addresses: [home],
    });
    const added = (await (
      await call({ phone: null, addresses: [{ label: 'Shop', areaId: 'tejgaon', line: 'Karwan Bazar' }] })
    ).json()) as {
      phone: string;
      addresses: { id: string; label: string }[];
    };
    expect(added.phone).toBe('');
    expect(added.addresses).toHaveLength(1);
    expect(added.addresses[0]).toMatchObject({ label: 'Shop', areaId: 'tejgaon', line: 'Karwan Bazar' });
    expect(added.addresses[0]?.id).toMatch(/^[\w-]{1,64}$/);
  });

  it('refuses bad fields with a message per field, and saves nothing', async () => {
    const res = await t.call('PUT', '/api/users/me', {
      role: 'customerB',
      body: {
        phone: 'call me',
        addresses: [
          { id: 'a', label: '', areaId: 'mirpur-10', line: 'House 3, Road 1' },
          { id: 'b', label: 'x'.repeat(31), areaId: 'Mirpur 10', line: '   ' },
        ],
      },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; details: { fields: Record<string, string[]> } } };
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details.fields).toEqual({
      phone: ['Enter a Bangladeshi mobile number, e.g. 01711-223344'],
      'addresses.0.label': ['Required'],
      'addresses.1.label': ['At most 30 characters'],
      'addresses.1.areaId': ['Use lower-case letters, digits and hyphens'],
      'addresses.1.line': ['Required'],
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
      areaId: 'mirpur-10',
      line: `House ${i}`,
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
      phone: '+8801911000222',
    });
  });

  it('refuses an address whose area is no delivery area, naming it, and saves nothing', async () => {
    const before = await (await t.call('GET', '/api/users/me', { role: 'customerB' })).json();
    const res = await t.call('PUT', '/api/users/me', {
      role: 'customerB',
      body: { addresses: [home, { ...office, areaId: 'atlantis' }] },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; details: { fields: Record<string, string[]> } } };
    expect(body.error.details.fields).toEqual({ 'addresses.1.areaId': ['Not a delivery area'] });
    expect(await (await t.call('GET', '/api/users/me', { role: 'customerB' })).json()).toEqual(before);
  });

  it('reads an address saved as free text before areas as its line with no area, and keeps it when saved back', async () => {
    const uid = 'uid-before-areas';
    await t.db.execute({
      sql: 'INSERT INTO user_profiles (uid, display_name, phone, addresses, updated_at) VALUES (?, NULL, ?, ?, 0)',
      args: [uid, '', JSON.stringify([{ id: 'old-1', label: 'Home', address: 'House 9, Road 4, Mirpur 10, Dhaka' }])],
    });
    const headers = { Authorization: `Bearer ${emulatorToken({ uid, email: 'old@example.test' })}` };
    const old = { id: 'old-1', label: 'Home', areaId: null, line: 'House 9, Road 4, Mirpur 10, Dhaka' };
    const read = await t.app.request('/api/users/me', { headers });
    expect(((await read.json()) as { addresses: unknown[] }).addresses).toEqual([old]);
    const saved = await t.app.request('/api/users/me', {
      method: 'PUT',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ addresses: [old, { ...old, id: 'new-1', areaId: 'mirpur-10', line: 'House 9, Road 4' }] }),
    });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { addresses: unknown[] }).addresses).toEqual([
      old,
      { ...old, id: 'new-1', areaId: 'mirpur-10', line: 'House 9, Road 4' },
    ]);
  });

  it('answers the effective admin flag', async () => {
    expect(await (await t.call('GET', '/api/users/me', { role: 'admin' })).json()).toMatchObject({ admin: true });
  });
});
