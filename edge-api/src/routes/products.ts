/**
 * `/api/products` (spec §7, DESIGN.md §3): anyone reads the catalogue (ETag, 304); admins add,
 * update (the edited fields — the old app sent no body) and delete.
 */
import type { Row } from '@libsql/client';
import { requireAdmin } from '../auth/middleware';
import { catalogueDelta, PRODUCT_COLUMNS as COLUMNS, toProduct } from '../catalogue/catalogue';
import { CATALOGUE_VERSION_HEADER, type Product } from '../contract/catalogue';
import { catalogueQuery, productInputSchema, productUpdateSchema, recordIdParam } from '../contract/product';
import { factory } from '../env';
import { ApiError } from '../errors';
import { cacheableText } from '../etag';
import { validate } from '../validation';

const notFound = (id: string) => new ApiError(404, 'not_found', `No product with id ${id}.`);

export const products = factory
  .createApp()
  .get('/', validate('query', catalogueQuery), async (c) => {
    const { since } = c.req.valid('query');
    if (since !== undefined) {
      // A delta (DESIGN.md §5): what changed after the client's version, never cached.
      const delta = await catalogueDelta(c.var.db, since);
      if (since > delta.version) throw new ApiError(400, 'validation_failed', 'This catalogue version does not exist here; fetch the whole catalogue.', { fields: { since: ['Newer than the catalogue'] } });
      c.header('Cache-Control', 'no-store');
      return c.json(delta);
    }
    const snapshot = await c.var.catalogue.current();
    c.header(CATALOGUE_VERSION_HEADER, String(snapshot.version));
    return cacheableText<Product[]>(c, snapshot.body, snapshot.etag);
  })
  .post('/', requireAdmin, validate('json', productInputSchema), async (c) => {
    const input = c.req.valid('json');
    const now = Date.now();
    const { rows } = await c.var.db.execute({
      // created_at is kept strictly increasing, so a new product is always appended to the shop's
      // order, even when two are added in the same millisecond.
      sql: `INSERT INTO products (id, name, price, image, category, season, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, max(?, coalesce((SELECT max(created_at) FROM products), 0) + 1), ?) RETURNING ${COLUMNS}`,
      args: [crypto.randomUUID(), input.name, input.price, input.image, input.category, input.season ?? null, now, now],
    });
    c.var.catalogue.invalidate();
    return c.json(toProduct(rows[0] as Row), 201);
  })
  .put('/update/:id', requireAdmin, validate('param', recordIdParam), validate('json', productUpdateSchema), async (c) => {
    const { id } = c.req.valid('param');
    const edit = c.req.valid('json');
    const { rows } = await c.var.db.execute({
      sql: `UPDATE products SET name = coalesce(?, name), price = coalesce(?, price), image = coalesce(?, image),
              category = coalesce(?, category), season = CASE WHEN ? THEN ? ELSE season END, updated_at = ?
            WHERE id = ? RETURNING ${COLUMNS}`,
      args: [edit.name ?? null, edit.price ?? null, edit.image ?? null, edit.category ?? null, edit.season !== undefined, edit.season ?? null, Date.now(), id],
    });
    if (!rows[0]) throw notFound(id);
    c.var.catalogue.invalidate();
    return c.json({ modifiedCount: 1, product: toProduct(rows[0]) });
  })
  .delete('/:id', requireAdmin, validate('param', recordIdParam), async (c) => {
    const { id } = c.req.valid('param');
    const { rowsAffected } = await c.var.db.execute({ sql: 'DELETE FROM products WHERE id = ?', args: [id] });
    if (rowsAffected === 0) throw notFound(id);
    c.var.catalogue.invalidate();
    return c.json({ deletedCount: rowsAffected });
  });
