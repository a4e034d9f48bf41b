/** Accounts in the stack's Auth emulator (and admin rights in its database) for browser tests. */
import type { Product } from '@contract/catalogue';
import type { Order, OrderInput } from '@contract/order';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { DEMO_PROJECT_ID } from '../../edge-api/src/contract/local-run';
import { openDatabase } from '../../edge-api/src/db/client';
import { upsertAdminUser } from '../../edge-api/src/db/users';
import { orderInput } from '../../edge-api/src/testing/order-fixture';
import { emulatorIdToken, ensureEmulatorAccount, verifyEmulatorEmail } from '../../scripts/lib/auth-emulator';

export type Account = { email: string; password: string; displayName: string };

let counter = 0;
/**
 * A new e-mail/password account with a unique address and its e-mail verified, as a shopper's is
 * once they followed the link (an unverified one holds one open order at most); `verified: false`
 * leaves it as just after a sign-up. An `admin` one also has admin rights in the database.
 */
export async function newAccount(
  displayName: string,
  options: { admin?: boolean; verified?: boolean } = {},
): Promise<Account> {
  counter += 1;
  const account = {
    email: `${displayName.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}.${counter}@example.test`,
    password: 'secret-pass-1',
    displayName,
  };
  await ensureEmulatorAccount(inject('authEmulatorHost'), { ...account, emailVerified: options.verified !== false });
  if (options.admin) {
    const db = await openDatabase(inject('databaseUrl'));
    await upsertAdminUser(db, account.email, displayName);
    db.close();
  }
  return account;
}

/** Marks `account`'s e-mail verified, as following the provider's verification link does. */
export async function verifyEmail(account: Pick<Account, 'email'>): Promise<void> {
  await verifyEmulatorEmail(inject('authEmulatorHost'), account.email);
}

/** Whether the emulator has an account for `email` (Identity Toolkit accounts:lookup, owner access). */
export async function emulatorHasAccount(email: string): Promise<boolean> {
  const res = await fetch(
    `http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1/projects/${DEMO_PROJECT_ID}/accounts:lookup`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
      body: JSON.stringify({ email: [email] }),
    },
  );
  const body = (await res.json()) as { users?: unknown[] };
  return (body.users?.length ?? 0) > 0;
}

/** Signs in through the login screen and waits until the app has left it. */
export async function logIn(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/login')) await page.goto(new URL('/login', page.url()).toString());
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** A fresh ID token for `account` from the stack's emulator. */
export const idTokenFor = (account: Pick<Account, 'email' | 'password'>): Promise<string> =>
  emulatorIdToken(inject('authEmulatorHost'), account);

/** The phone and address of every order {@link placeOrderFor} places (the admin's screens show them). */
export const PLACED_CONTACT = { phone: '01711000000', address: 'Road 3, Uttara, Dhaka' } as const;

/**
 * Places an order for `account` through the API (the sample order of order-fixture.ts in the
 * account's name, with {@link PLACED_CONTACT}): `lines` as given, or a number of the first
 * products, 1 kg each (2 by default), paid as `paymentMethod` (cash on delivery by default).
 * Returns the stored order.
 */
export async function placeOrderFor(
  account: Account,
  lines: number | OrderInput['orderedProduct'] = 2,
  paymentMethod: OrderInput['paymentMethod'] = 'cod',
): Promise<Order> {
  const base = inject('baseUrl');
  const orderedProduct =
    typeof lines === 'number'
      ? ((await (await fetch(new URL('/api/products', base))).json()) as Product[])
          .slice(0, lines)
          .map((p) => ({ _id: p._id, cartQuantity: 1 }))
      : lines;
  const res = await fetch(new URL('/api/orders', base), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${await idTokenFor(account)}`,
      'Idempotency-Key': crypto.randomUUID(),
    },
    body: JSON.stringify(
      orderInput({
        customerName: account.displayName,
        email: account.email,
        orderedProduct,
        paymentMethod,
        ...PLACED_CONTACT,
      }),
    ),
  });
  if (res.status !== 201) throw new Error(`placing an order answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Order;
}
