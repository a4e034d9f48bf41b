import { describe, expect, it } from 'vitest';
import type { Order } from '@contract/order';
import { choicesByProduct } from './purchase-choices';

type Line = Order['orderedProduct'][number];
const line = (fields: Partial<Line> & Pick<Line, '_id'>): Line => ({
  name: fields._id,
  price: 10,
  image: '',
  unit: 'kg',
  unitSize: 1,
  weightTolerance: null,
  cartQuantity: 1,
  substitution: 'none',
  ...fields,
});
const order = (status: Order['orderStatus'], lines: Line[]) =>
  ({ orderStatus: status, orderedProduct: lines }) as Order;

describe('choicesByProduct', () => {
  it("counts each product's lines by substitution and keeps their notes, leaving out cancelled orders and lines without a choice", () => {
    const choices = choicesByProduct([
      order('Approved', [line({ _id: 'tomato', substitution: 'similar', note: 'Ripe ones' }), line({ _id: 'potato' })]),
      order('Pending', [line({ _id: 'tomato', substitution: 'call' }), line({ _id: 'beans', note: '  ' })]),
      order('Approved', [line({ _id: 'tomato', substitution: 'similar' })]),
      order('Cancelled', [line({ _id: 'potato', substitution: 'similar', note: 'x' })]),
    ]);
    expect([...choices.keys()]).toEqual(['tomato']);
    expect(choices.get('tomato')).toEqual({ substitutions: { similar: 2, call: 1 }, notes: ['Ripe ones'] });
  });
});
