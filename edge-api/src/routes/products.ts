/**
 * `/api/products` (spec §7, DESIGN.md §3): anyone reads the catalogue (ETag, 304); admins add,
 * update (the edited fields — the old app sent no body), change the stock by a number of units,
 * and delete.
 */
import { requireAdmin } from '../auth/middleware';
import { catalogueDelta } from '../catalogue/catalogue';
import { CATALOGUE_VERSION_HEADER, type Product } from '../contract/catalogue';
import {
  catalogueQuery,
  MAX_STOCK,
  productInputSchema,
  productSchema,
  productStockChangeSchema,
  productUpdateSchema,
  recordIdParam,
} from '../contract/product';
import { z } from 'zod';
import { changeStock, deleteProduct, insertProduct, updateProduct } from '../db/products';
import { factory } from '../env';
import { ApiError } from '../http/errors';
import { cacheableText } from '../http/etag';
import { validate } from '../http/validation';
import { deletedAnswer, doc, modifiedAnswer } from './openapi';

const notFound = (id: string) => new ApiError(404, 'not_found', `No product with id ${id}.`);

const catalogueDeltaSchema = z.object({
  version: z.number().int(),
  changed: z.array(productSchema),
  deleted: z.array(z.string()),
});

/** The `/api/products` routes: the catalogue (or its delta), add, update, change stock, delete. */
export const products = factory
  .createApp()
  .get(
    '/',
    doc({
      summary: 'The catalogue in shop order, or with `since` only what changed after that catalogue version',
      auth: 'anyone',
      query: catalogueQuery,
      etag: true,
      ok: {
        status: 200,
        description: 'The products (header Catalogue-Version), or the delta when `since` is given',
        schema: z.union([z.array(productSchema), catalogueDeltaSchema]),
      },
      errors: [400],
    }),
    validate('query', catalogueQuery),
    async (c) => {
      const { since } = c.req.valid('query');
      if (since !== undefined) {
        // A delta (DESIGN.md §5): what changed after the client's version, never cached.
        const delta = await catalogueDelta(c.var.db, since);
        if (since > delta.version)
          throw new ApiError(
            400,
            'validation_failed',
            'This catalogue version does not exist here; fetch the whole catalogue.',
            { fields: { since: ['Newer than the catalogue'] } },
          );
        c.header('Cache-Control', 'no-store');
        return c.json(delta);
      }
      const snapshot = await c.var.catalogue.current();
      c.header(CATALOGUE_VERSION_HEADER, String(snapshot.version));
      return cacheableText<Product[]>(c, snapshot.body, snapshot.etag);
    },
  )
  .post(
    '/',
    doc({
      summary: 'Add a product',
      auth: 'admin',
      body: productInputSchema,
      ok: { status: 201, description: 'The stored product', schema: productSchema },
    }),
    requireAdmin,
    validate('json', productInputSchema),
    async (c) => {
      const input = c.req.valid('json');
      const product = await insertProduct(c.var.db, input);
      c.var.catalogue.invalidate();
      return c.json(product, 201);
    },
  )
  .put(
    '/update/:id',
    doc({
      summary: 'Change any of a product’s fields',
      auth: 'admin',
      params: recordIdParam,
      body: productUpdateSchema,
      ok: {
        status: 200,
        description: 'The updated product',
        schema: modifiedAnswer.extend({ product: productSchema }),
      },
      errors: [404],
    }),
    requireAdmin,
    validate('param', recordIdParam),
    validate('json', productUpdateSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const edit = c.req.valid('json');
      const product = await updateProduct(c.var.db, id, edit);
      if (!product) throw notFound(id);
      c.var.catalogue.invalidate();
      return c.json({ modifiedCount: 1, product });
    },
  )
  .patch(
    '/:id/stock',
    doc({
      summary:
        'Add units to a product’s stock or take them away (`delta`), applied to the stock the server has; a product not counted starts from 0',
      auth: 'admin',
      params: recordIdParam,
      body: productStockChangeSchema,
      ok: {
        status: 200,
        description: 'The units in stock now, and the product',
        schema: z.object({ stock: z.number().int().min(0), product: productSchema }),
      },
      errors: [404, 409],
    }),
    requireAdmin,
    validate('param', recordIdParam),
    validate('json', productStockChangeSchema),
    async (c) => {
      // Relative, applied by the database: −/+ from two admins, and orders taken meanwhile, all count.
      const { id } = c.req.valid('param');
      const { delta } = c.req.valid('json');
      const change = await changeStock(c.var.db, id, delta, MAX_STOCK);
      if (change.kind === 'missing') throw notFound(id);
      if (change.kind === 'out_of_range') {
        const stock = change.stock ?? 0;
        if (stock + delta > MAX_STOCK)
          throw new ApiError(400, 'validation_failed', `At most ${MAX_STOCK} units can be in stock.`, {
            fields: { delta: [`At most ${MAX_STOCK.toLocaleString('en')} units in stock`] },
          });
        throw new ApiError(
          409,
          'stock_below_zero',
          `Only ${stock} units are in stock; ${-delta} cannot be taken away.`,
          {
            stock: change.stock,
          },
        );
      }
      c.var.catalogue.invalidate();
      return c.json({ stock: change.product.stock ?? 0, product: change.product });
    },
  )
  .delete(
    '/:id',
    doc({
      summary: 'Delete a product',
      auth: 'admin',
      params: recordIdParam,
      ok: { status: 200, description: 'Deleted', schema: deletedAnswer },
      errors: [404],
    }),
    requireAdmin,
    validate('param', recordIdParam),
    async (c) => {
      const { id } = c.req.valid('param');
      const rowsAffected = await deleteProduct(c.var.db, id);
      if (rowsAffected === 0) throw notFound(id);
      c.var.catalogue.invalidate();
      return c.json({ deletedCount: rowsAffected });
    },
  );
