import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@libsql/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { applyMigrations, MigrationError } from './migrate';
import { loadMigrations } from './migrations-fs';
import { seedIfEmpty, seedProductId } from './seed';
import { seedCatalogue } from './seed-catalogue';

let dir: string;
let db: Client;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'taza-haat-migrate-'));
  db = await openDatabase(`file:${join(dir, 'nested', 'shop.db')}`);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const tables = async () =>
  (await db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")).rows.map((r) =>
    String(r.name),
  );

/** The project's migrations up to and including `version`. */
const upTo = async (version: number) => (await loadMigrations()).filter((m) => m.version <= version);

describe('applyMigrations', () => {
  it('creates every table of DESIGN.md §4 and records the version, once', async () => {
    const migrations = await loadMigrations();
    expect(await applyMigrations(db, migrations)).toEqual(migrations.map((m) => m.version));
    expect(await tables()).toEqual(
      expect.arrayContaining(['products', 'reviews', 'orders', 'users', 'idempotency_keys', 'schema_migrations']),
    );
    expect(await applyMigrations(db, migrations)).toEqual([]);
  });

  it('applies files in version order whatever order they are given in', async () => {
    const applied = await applyMigrations(db, [
      { version: 2, name: '0002_b.sql', sql: 'ALTER TABLE a ADD COLUMN b TEXT;' },
      { version: 1, name: '0001_a.sql', sql: 'CREATE TABLE a (id INTEGER);' },
    ]);
    expect(applied).toEqual([1, 2]);
  });

  it('rolls a failing file back whole and names it', async () => {
    const bad = { version: 1, name: '0001_bad.sql', sql: 'CREATE TABLE good (id INTEGER); CREATE TABLE oops (;' };
    await expect(applyMigrations(db, [bad])).rejects.toThrow(MigrationError);
    await expect(applyMigrations(db, [bad])).rejects.toThrow(/0001_bad\.sql/);
    expect(await tables()).not.toContain('good');
    expect((await db.execute('SELECT count(*) AS n FROM schema_migrations')).rows[0]?.n).toBe(0);
  });
});

describe('seedIfEmpty', () => {
  it('seeds the catalogue into an empty table and never twice', async () => {
    await applyMigrations(db, await loadMigrations());
    expect(await seedIfEmpty(db)).toBe(seedCatalogue.length);
    expect(await seedIfEmpty(db)).toBe(0);
    expect((await db.execute('SELECT count(*) AS n FROM products')).rows[0]?.n).toBe(seedCatalogue.length);
  });

  it('gives each seed product the same id in every database seeded (a UUID of its slug)', async () => {
    const seededIds = async (client: Client) => {
      await applyMigrations(client, await loadMigrations());
      await seedIfEmpty(client);
      return (await client.execute('SELECT id FROM products ORDER BY created_at')).rows.map((row) => String(row.id));
    };
    const other = await openDatabase(`file:${join(dir, 'other.db')}`);
    try {
      const ids = await seededIds(db);
      expect(await seededIds(other)).toEqual(ids);
      expect(new Set(ids).size).toBe(seedCatalogue.length);
      // RFC 9562 §5.5: version 5, variant 10.
      expect(ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id))).toBe(
        true,
      );
      expect(ids[0]).toBe(seedProductId(seedCatalogue[0]!.slug));
    } finally {
      other.close();
    }
  });

  it('has at least 36 products, each with a unique slug and a price in Tk', () => {
    expect(seedCatalogue.length).toBeGreaterThanOrEqual(36);
    expect(new Set(seedCatalogue.map((p) => p.slug)).size).toBe(seedCatalogue.length);
    expect(seedCatalogue.every((p) => p.price > 0 && p.name.length <= 80)).toBe(true);
  });

  it('gives every product its Bangla name, stored as name_bn', async () => {
    await applyMigrations(db, await loadMigrations());
    await seedIfEmpty(db);
    expect(seedCatalogue.every((p) => /^[\u0980-\u09FF ]+$/.test(p.nameBn))).toBe(true);
    const rows = (await db.execute('SELECT name, name_bn, in_stock FROM products')).rows;
    expect(new Map(rows.map((r) => [r.name, r.name_bn]))).toEqual(
      new Map(seedCatalogue.map((p) => [p.name, p.nameBn])),
    );
    expect(rows.every((r) => r.in_stock === 1)).toBe(true);
  });
});

describe('migration 0003 (delivery) on a database in use', () => {
  const one = async (sql: string) => (await db.execute(sql)).rows[0];

  beforeEach(async () => {
    await applyMigrations(db, await upTo(2));
    await db.execute('DELETE FROM products');
    await db.batch(
      [
        ...seedCatalogue.slice(0, 3).map((p, i) => ({
          sql: "INSERT INTO products (id, name, price, image, category, season, created_at, updated_at) VALUES (?, ?, ?, '/x', ?, ?, ?, ?)",
          args: [p.slug, p.name, p.price, p.category, p.season, i, i],
        })),
        "INSERT INTO products (id, name, price, image, category, created_at, updated_at) VALUES ('own', 'Admin Okra', 60, '/x', 'vegetable', 9, 9)",
        `INSERT INTO orders (id, user_id, customer_name, email, phone, address, order_status, total_amount, order_date, ordered_product, created_at)
         VALUES ('o-pending', 'u1', 'Asha', 'a@x.test', '017', 'Dhaka', 'Pending', 100, 'd', '[]', 1000),
                ('o-approved', 'u2', 'Babul', 'b@x.test', '018', 'Dhaka', 'Approved', 200, 'd', '[]', 2000)`,
      ],
      'write',
    );
  });

  it('fills the seed names’ Bangla names (a catalogue change), in stock, leaving other products alone', async () => {
    const before = Number((await one('SELECT version FROM catalogue_state'))?.version);
    await applyMigrations(db, await loadMigrations());
    const rows = (await db.execute('SELECT id, name_bn, in_stock, version FROM products ORDER BY created_at')).rows;
    expect(rows.map((r) => [r.id, r.name_bn, r.in_stock])).toEqual([
      ...seedCatalogue.slice(0, 3).map((p) => [p.slug, p.nameBn, 1]),
      ['own', null, 1],
    ]);
    expect(Number((await one('SELECT version FROM catalogue_state'))?.version)).toBeGreaterThan(before);
  });

  it('keeps every order and backfills its timeline: Pending at creation, Approved for approved ones', async () => {
    await applyMigrations(db, await loadMigrations());
    expect(
      (await db.execute('SELECT id, order_status, slot_id FROM orders ORDER BY id')).rows.map((r) => [
        r.id,
        r.order_status,
        r.slot_id,
      ]),
    ).toEqual([
      ['o-approved', 'Approved', null],
      ['o-pending', 'Pending', null],
    ]);
    const history = (
      await db.execute('SELECT order_id, status, at, by_uid FROM order_status_history ORDER BY order_id, id')
    ).rows;
    expect(history.map((r) => [r.order_id, r.status, r.at, r.by_uid])).toEqual([
      ['o-approved', 'Pending', 2000, 'u2'],
      ['o-approved', 'Approved', 2000, null],
      ['o-pending', 'Pending', 1000, 'u1'],
    ]);
    await db.execute("UPDATE orders SET order_status = 'Out for delivery' WHERE id = 'o-approved'");
    await expect(db.execute("UPDATE orders SET order_status = 'Lost' WHERE id = 'o-approved'")).rejects.toThrow(
      /CHECK/,
    );
    await db.execute("DELETE FROM orders WHERE id = 'o-approved'");
    expect(await one("SELECT count(*) AS n FROM order_status_history WHERE order_id = 'o-approved'")).toMatchObject({
      n: 0,
    });
  });

  it('moves the catalogue version for in_stock and name_bn changes too (0002’s trigger names its columns)', async () => {
    await applyMigrations(db, await loadMigrations());
    for (const change of [
      "UPDATE products SET in_stock = 0 WHERE id = 'own'",
      "UPDATE products SET name_bn = 'ঢেঁড়স' WHERE id = 'own'",
    ]) {
      const before = Number((await one('SELECT version FROM catalogue_state'))?.version);
      await db.execute(change);
      const after = Number((await one('SELECT version FROM catalogue_state'))?.version);
      expect(after).toBe(before + 1);
      expect(await one("SELECT version FROM products WHERE id = 'own'")).toMatchObject({ version: after });
    }
  });
});

describe('migration 0005 (payments) on a database in use', () => {
  it('keeps every order, its slot and timeline, and takes Cancelled, refunded and disputed; a delete still takes the timeline', async () => {
    await applyMigrations(
      db,
      (await loadMigrations()).filter((m) => m.version <= 4),
    );
    await db.batch(
      [
        `INSERT INTO orders (id, user_id, customer_name, email, phone, address, order_status, total_amount, order_date,
           ordered_product, payment_method, payment_status, created_at, slot_id, slot_start_ms, slot_end_ms)
         VALUES ('o-paid', 'u1', 'Asha', 'a@x.test', '017', 'Dhaka', 'Approved', 100, 'd', '[]', 'card', 'paid', 1000, 's1', 5000, 6000)`,
        "INSERT INTO order_status_history (order_id, status, at, by_uid) VALUES ('o-paid', 'Pending', 1000, 'u1'), ('o-paid', 'Approved', 1500, 'admin')",
      ],
      'write',
    );
    await applyMigrations(db, await loadMigrations());
    const row = (await db.execute("SELECT * FROM orders WHERE id = 'o-paid'")).rows[0];
    expect(row).toMatchObject({
      order_status: 'Approved',
      payment_method: 'card',
      payment_status: 'paid',
      payment_ref: null,
      slot_id: 's1',
      slot_start_ms: 5000,
      slot_end_ms: 6000,
    });
    const history = (
      await db.execute("SELECT status, at FROM order_status_history WHERE order_id = 'o-paid' ORDER BY id")
    ).rows;
    expect(history.map((r) => [r.status, r.at])).toEqual([
      ['Pending', 1000],
      ['Approved', 1500],
    ]);
    await db.execute("UPDATE orders SET order_status = 'Cancelled', payment_status = 'refunded' WHERE id = 'o-paid'");
    await db.execute("UPDATE orders SET payment_status = 'disputed' WHERE id = 'o-paid'");
    await expect(db.execute("UPDATE orders SET payment_status = 'lost' WHERE id = 'o-paid'")).rejects.toThrow(/CHECK/);
    await db.execute("INSERT INTO order_status_history (order_id, status, at) VALUES ('o-paid', 'Cancelled', 2000)");
    await db.execute("DELETE FROM orders WHERE id = 'o-paid'");
    expect((await db.execute('SELECT count(*) AS n FROM order_status_history')).rows[0]?.n).toBe(0);
  });
});

describe('migration 0006 (identity) on a database in use', () => {
  beforeEach(async () => {
    await applyMigrations(
      db,
      (await loadMigrations()).filter((m) => m.version <= 4),
    );
    const order = (id: string, uid: string, email: string, at: number) =>
      `('${id}', '${uid}', 'Name', '${email}', '017', 'Dhaka', 'Pending', 100, 'd', '[]', ${at})`;
    await db.batch(
      [
        `INSERT INTO orders (id, user_id, customer_name, email, phone, address, order_status, total_amount, order_date, ordered_product, created_at)
         VALUES ${[
           order('o1', 'u-asha', 'asha@x.test', 1),
           order('o2', 'u-asha', 'asha@x.test', 2),
           // One e-mail, two accounts (an account deleted and the e-mail registered again).
           order('o3', 'u-old', 'reused@x.test', 3),
           order('o4', 'u-new', 'reused@x.test', 4),
           // One account, two e-mails (the e-mail changed).
           order('o5', 'u-mover', 'first@x.test', 5),
           order('o6', 'u-mover', 'second@x.test', 6),
         ].join(', ')}`,
        `INSERT INTO reviews (id, user_id, name, email, review, rating, created_at)
         VALUES ('r1', 'u-babul', 'Babul', 'Babul@x.test', 'Fresh', 5, 1)`,
        `INSERT INTO users (email, display_name, admin, created_at, updated_at) VALUES
           ('Asha@x.test', 'Asha', 0, 1, 1), ('babul@x.test', 'Babul', 1, 1, 1), ('reused@x.test', 'Reused', 0, 1, 1),
           ('first@x.test', 'Mover', 0, 1, 1), ('admin@x.test', 'Admin', 1, 1, 1)`,
      ],
      'write',
    );
  });

  it('binds each profile whose e-mail one account alone used (orders or reviews) to it, and leaves the rest unbound', async () => {
    expect(
      await applyMigrations(
        db,
        (await loadMigrations()).filter((m) => m.version <= 6),
      ),
    ).toEqual([5, 6]);
    const rows = (await db.execute('SELECT email, uid, admin FROM users ORDER BY email')).rows;
    expect(rows.map((r) => [r.email, r.uid, r.admin])).toEqual([
      ['admin@x.test', null, 1],
      ['Asha@x.test', 'u-asha', 0],
      ['babul@x.test', 'u-babul', 1],
      ['first@x.test', null, 0],
      ['reused@x.test', null, 0],
    ]);
    // Every order and review keeps its account.
    expect(Number((await db.execute("SELECT count(*) AS n FROM orders WHERE user_id = ''")).rows[0]?.n)).toBe(0);
    expect(Number((await db.execute('SELECT count(*) AS n FROM orders')).rows[0]?.n)).toBe(6);
    // No scratch table is left behind, and one account has one profile.
    expect(await tables()).not.toContain('identity_owners');
    await expect(db.execute("UPDATE users SET uid = 'u-asha' WHERE email = 'admin@x.test'")).rejects.toThrow(/UNIQUE/);
  });
});

describe('migration 0009 (sale units) on a database in use', () => {
  const one = async (sql: string) => (await db.execute(sql)).rows[0];

  it('sells every product there by the kg, 1 at a time, moves the catalogue version, and lets a unit or stock change move it again', async () => {
    await applyMigrations(
      db,
      (await loadMigrations()).filter((m) => m.version < 9),
    );
    await db.execute(
      "INSERT INTO products (id, name, price, image, category, created_at, updated_at) VALUES ('own', 'Admin Okra', 60, '/x', 'vegetable', 1, 1)",
    );
    const before = Number((await one('SELECT version FROM catalogue_state'))?.version);
    await applyMigrations(db, await loadMigrations());
    expect(await one("SELECT unit, unit_size, weight_tolerance FROM products WHERE id = 'own'")).toMatchObject({
      unit: 'kg',
      unit_size: 1,
      weight_tolerance: null,
    });
    const migrated = Number((await one('SELECT version FROM catalogue_state'))?.version);
    expect(migrated).toBeGreaterThan(before);
    await db.execute("UPDATE products SET unit = 'g', unit_size = 500 WHERE id = 'own'");
    expect(Number((await one("SELECT version FROM products WHERE id = 'own'"))?.version)).toBeGreaterThan(migrated);
    // Counted stock (0007) still moves it: shoppers' catalogues learn "Only n left" and out of stock.
    const afterUnit = Number((await one("SELECT version FROM products WHERE id = 'own'"))?.version);
    await db.execute("UPDATE products SET stock = 5 WHERE id = 'own'");
    expect(Number((await one("SELECT version FROM products WHERE id = 'own'"))?.version)).toBeGreaterThan(afterUnit);
    await expect(db.execute("UPDATE products SET unit = 'lb' WHERE id = 'own'")).rejects.toThrow(/CHECK/);
    await expect(db.execute("UPDATE products SET unit_size = 0 WHERE id = 'own'")).rejects.toThrow(/CHECK/);
  });

  it('seeds at least 8 products sold other than by the kg, each with a picture and a sale unit the API accepts', async () => {
    await applyMigrations(db, await loadMigrations());
    await seedIfEmpty(db);
    const rows = (await db.execute("SELECT name, unit, unit_size, image FROM products WHERE unit <> 'kg'")).rows;
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(rows.every((r) => String(r.image).startsWith('/products/'))).toBe(true);
    expect(seedCatalogue.filter((p) => p.unit && p.unit !== 'kg').every((p) => p.emoji.length > 0)).toBe(true);
  });
});

describe('migration 0010 (bKash) on a database in use', () => {
  const schemaOf = async (type: 'index' | 'trigger') =>
    (
      await db.execute({
        sql: "SELECT name, sql FROM sqlite_master WHERE type = ? AND tbl_name = 'orders' ORDER BY name",
        args: [type],
      })
    ).rows.map((r) => [r.name, r.sql]);

  it('keeps every order with every column, every index and the trigger, and takes bKash orders and payments', async () => {
    await applyMigrations(
      db,
      (await loadMigrations()).filter((m) => m.version < 10),
    );
    await db.batch(
      [
        `INSERT INTO orders (id, user_id, customer_name, email, phone, address, order_status, total_amount, order_date,
           ordered_product, payment_method, payment_status, payment_ref, refund_started_ms, created_at, slot_id, slot_start_ms, slot_end_ms)
         VALUES ('o-card', 'u1', 'Asha', 'a@x.test', '017', 'Dhaka', 'Approved', 443, 'd', '[{"_id":"p"}]', 'card', 'refunding', 'pi_1', 1500, 1000, 's1', 5000, 6000),
                ('o-cod', 'u2', 'Babul', '', '018', 'Mirpur', 'Pending', 100, 'd2', '[]', 'cod', 'unpaid', NULL, NULL, 2000, NULL, NULL, NULL)`,
        "INSERT INTO order_status_history (order_id, status, at, by_uid) VALUES ('o-card', 'Pending', 1000, 'u1'), ('o-card', 'Approved', 1200, 'admin')",
      ],
      'write',
    );
    const before = (await db.execute('SELECT * FROM orders ORDER BY id')).rows.map((r) => ({ ...r }));
    const indexes = await schemaOf('index');
    const triggers = await schemaOf('trigger');
    expect(indexes.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'orders_created',
        'orders_email_created',
        'orders_payment_ref',
        'orders_slot_created',
        'orders_status_created',
        'orders_user_created',
      ]),
    );

    // Only 0010: later migrations add their own indexes (0012's report index).
    expect(await applyMigrations(db, await upTo(10))).toEqual([10]);
    expect((await db.execute('SELECT * FROM orders ORDER BY id')).rows.map((r) => ({ ...r }))).toEqual(before);
    expect(await schemaOf('index')).toEqual(indexes);
    expect(await schemaOf('trigger')).toEqual(triggers);

    await db.execute(
      `INSERT INTO orders (id, user_id, customer_name, email, phone, address, total_amount, order_date, ordered_product, payment_method, created_at)
       VALUES ('o-bkash', 'u1', 'Asha', '', '017', 'Dhaka', 250, 'd', '[]', 'bkash', 3000)`,
    );
    await expect(db.execute("UPDATE orders SET payment_method = 'cash' WHERE id = 'o-bkash'")).rejects.toThrow(/CHECK/);
    await db.execute(
      "INSERT INTO bkash_payments (payment_id, order_id, amount, created_at, updated_at) VALUES ('TR1', 'o-bkash', '250.00', 1, 1)",
    );
    expect((await db.execute("SELECT status FROM bkash_payments WHERE payment_id = 'TR1'")).rows[0]?.status).toBe(
      'created',
    );
    // A completed payment has bKash's trxID.
    await expect(db.execute("UPDATE bkash_payments SET status = 'completed' WHERE payment_id = 'TR1'")).rejects.toThrow(
      /CHECK/,
    );
    // The timeline still goes with a deleted order.
    await db.execute("DELETE FROM orders WHERE id = 'o-card'");
    expect(
      (await db.execute("SELECT count(*) AS n FROM order_status_history WHERE order_id = 'o-card'")).rows[0]?.n,
    ).toBe(0);
  });
});
