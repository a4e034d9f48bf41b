/**
 * The catalogue the packing and problem tests order from (DESIGN.md §4, §17, §19): a weighed
 * product sold by the kilo, one sold in packs of grams, one sold by the piece, and a substitute.
 */
import type { Client } from '@libsql/client';
import type { Product } from '../contract/catalogue';
import { insertProduct } from '../db/products';

/** The products of {@link insertPackingProducts}, by name. */
export type PackingProducts = { pumpkin: Product; beans: Product; lemon: Product; gourd: Product };

/**
 * Adds to `db` pumpkin (120 Tk/kg, ± 100 g a kilo), beans (250 g packs at 55 Tk, ± 20 g a pack),
 * lemons (10 Tk a piece) and bottle gourd (a substitute, 100 Tk/kg). `stock` (units) counts the
 * pumpkin, lemons and gourd; left out, none of them is counted. Beans are never counted.
 * @returns the stored products.
 */
export async function insertPackingProducts(db: Client, stock?: number): Promise<PackingProducts> {
  const image = '/products/potato.webp';
  const counted = stock === undefined ? {} : { stock };
  const add = (fields: Parameters<typeof insertProduct>[1]) => insertProduct(db, fields);
  return {
    pumpkin: await add({
      name: 'Pumpkin',
      price: 120,
      image,
      category: 'vegetable',
      ...counted,
      unit: 'kg',
      unitSize: 1,
      weightTolerance: 100,
    }),
    beans: await add({
      name: 'Beans',
      price: 55,
      image,
      category: 'vegetable',
      unit: 'g',
      unitSize: 250,
      weightTolerance: 20,
    }),
    lemon: await add({ name: 'Lemon', price: 10, image, category: 'fruit', ...counted, unit: 'piece', unitSize: 1 }),
    gourd: await add({
      name: 'Bottle gourd',
      price: 100,
      image,
      category: 'vegetable',
      ...counted,
      unit: 'kg',
      unitSize: 1,
    }),
  };
}
