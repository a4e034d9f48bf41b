import { describe, expect, it } from 'vitest';
import { addressesAfterOrder, type SavedAddress } from './my-profile';

const home: SavedAddress = { id: 'h', label: 'Home', address: 'House 12, Dhanmondi, Dhaka' };
const office: SavedAddress = { id: 'o', label: 'Office', address: 'Banani 11, Dhaka' };
const five = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, label: id, address: `${id} road` }));

describe('the addresses saved after an order', () => {
  it('moves the saved address used to the front', () => {
    expect(addressesAfterOrder([home, office], { phone: '017', address: office.address, savedId: 'o' })).toEqual([
      office,
      home,
    ]);
  });

  it('saves a new address first under its label, and keeps an unsaved one out', () => {
    const saved = addressesAfterOrder([home], { phone: '017', address: 'Gulshan 2', saveAs: 'Office' });
    expect(saved.map((a) => [a.label, a.address])).toEqual([
      ['Office', 'Gulshan 2'],
      ['Home', home.address],
    ]);
    expect(addressesAfterOrder([home], { phone: '017', address: 'Gulshan 2' })).toEqual([home]);
  });

  it('replaces the address under a label already saved, keeping its id', () => {
    expect(addressesAfterOrder([office, home], { phone: '017', address: 'Mirpur 10', saveAs: 'home' })).toEqual([
      { id: 'h', label: 'home', address: 'Mirpur 10' },
      office,
    ]);
  });

  it('never goes past 5, and never drops a saved address to make room', () => {
    expect(addressesAfterOrder(five, { phone: '017', address: 'New road', saveAs: 'New' })).toEqual(five);
  });
});
