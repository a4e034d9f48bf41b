/**
 * The stack's API as browser tests call it to set up and check: a plain request, one as a
 * signed-in account, the catalogue's product by name, and an account's orders.
 */
import type { Product } from '@contract/catalogue';
import type { Order } from '@contract/order';
import { inject } from 'vitest';
import { idTokenFor, type Account } from './accounts';

/** Requests `path` of the stack and returns its JSON. @throws naming the status and body when the answer is not 2xx. */
export async function api<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(new URL(path, inject('baseUrl')), init);
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Calls `path` as `account` (its emulator ID token), with `body` as JSON when given. @throws as {@link api}. */
export async function apiAs<T>(
  account: Pick<Account, 'email' | 'password'>,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${await idTokenFor(account)}` };
  return api<T>(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
}

/** The catalogue's product whose English name is `name`. @throws when there is none. */
export async function productNamed(name: string): Promise<Product> {
  const product = (await api<Product[]>('/api/products')).find((p) => p.name === name);
  if (!product) throw new Error(`no product named ${name}`);
  return product;
}

/** `account`'s orders as the API answers them to that account (newest first). */
export const ordersOf = (account: Account): Promise<Order[]> =>
  apiAs<Order[]>(account, 'GET', `/api/orders?email=${encodeURIComponent(account.email)}`);
