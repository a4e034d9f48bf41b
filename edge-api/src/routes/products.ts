/** `/api/products`: the catalogue (spec §7). */
import type { Row } from '@libsql/client';
import type { Product } from '../contract/product';
import { factory } from '../env';

/** Maps a `products` row to the wire shape of spec §3. */
export function toProduct(row: Row): Product {
  return {
    _id: String(row.id),
    name: String(row.name),
    price: Number(row.price),
    image: String(row.image),
    category: row.category === 'fruit' ? 'fruit' : 'vegetable',
    season: row.season === null ? null : (String(row.season) as Product['season']),
  };
}

export const products = factory.createApp().get('/', async (c) => {
  const { rows } = await c.var.db.execute(
    'SELECT id, name, price, image, category, season FROM products ORDER BY created_at, id',
  );
  return c.json(rows.map(toProduct));
});
