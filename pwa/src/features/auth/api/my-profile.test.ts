import { describe, expect, it } from 'vitest';
import { addressesAfterOrder, type SavedAddress } from './my-profile';

const home = { id: 'h', label: 'Home', areaId: 'dhanmondi', line: 'House 12, Road 5' } satisfies SavedAddress;
const office = { id: 'o', label: 'Office', areaId: 'banani', line: 'Road 11', floor: '4' } satisfies SavedAddress;
const five: SavedAddress[] = ['a', 'b', 'c', 'd', 'e'].map((id) => ({
  id,
  label: id,
  areaId: 'dhanmondi',
  line: `${id} road`,
}));
const used = (address: Partial<SavedAddress> & { areaId: string; line: string }) => ({
  phone: '+8801711223344',
  address,
});

describe('the addresses saved after an order', () => {
  it('moves the saved address used to the front', () => {
    expect(addressesAfterOrder([home, office], { ...used(office), savedId: 'o' })).toEqual([office, home]);
  });

  it('saves a new address first under its label with its area and parts, and keeps an unsaved one out', () => {
    const saved = addressesAfterOrder([home], {
      ...used({
        areaId: 'gulshan-2',
        line: 'House 3, Road 90',
        floor: '5',
        landmark: 'near the lake',
        note: 'ring twice',
      }),
      saveAs: 'Office',
    });
    expect(saved[0]).toMatchObject({
      label: 'Office',
      areaId: 'gulshan-2',
      line: 'House 3, Road 90',
      floor: '5',
      landmark: 'near the lake',
      note: 'ring twice',
    });
    expect(saved[1]).toEqual(home);
    expect(addressesAfterOrder([home], used({ areaId: 'gulshan-2', line: 'House 3' }))).toEqual([home]);
  });

  it('gives an old free-text address the area it was ordered to', () => {
    const old: SavedAddress = { id: 'x', label: 'Home', areaId: null, line: 'Dhanmondi 27, Dhaka' };
    expect(
      addressesAfterOrder([office, old], { ...used({ areaId: 'dhanmondi', line: old.line }), savedId: 'x' }),
    ).toEqual([{ id: 'x', label: 'Home', areaId: 'dhanmondi', line: 'Dhanmondi 27, Dhaka' }, office]);
  });

  it('updates a saved address with what the order changed, dropping parts left empty', () => {
    expect(addressesAfterOrder([office], { ...used({ areaId: 'banani', line: 'Road 12' }), savedId: 'o' })).toEqual([
      { id: 'o', label: 'Office', areaId: 'banani', line: 'Road 12' },
    ]);
  });

  it('replaces the address under a label already saved, keeping its id', () => {
    expect(
      addressesAfterOrder([office, home], { ...used({ areaId: 'mirpur-10', line: 'Road 2' }), saveAs: 'home' }),
    ).toEqual([{ id: 'h', label: 'home', areaId: 'mirpur-10', line: 'Road 2' }, office]);
  });

  it('takes the same area and line as the address saved, not a new one', () => {
    expect(
      addressesAfterOrder([office, home], {
        ...used({ areaId: 'dhanmondi', line: 'house 12, road 5' }),
        saveAs: 'Home',
      }),
    ).toEqual([{ ...home, line: 'house 12, road 5' }, office]);
  });

  it('never goes past 5, and never drops a saved address to make room', () => {
    expect(addressesAfterOrder(five, { ...used({ areaId: 'dhanmondi', line: 'New road' }), saveAs: 'New' })).toEqual(
      five,
    );
  });
});
