/** The Areas form's values ↔ the API's area body, its messages, and the list's order (DESIGN.md §15). */
import { describe, expect, it } from 'vitest';
import type { DeliveryArea } from '@contract/delivery-area';
import {
  areaFieldErrors,
  areaFormSchema,
  areaFormValues,
  areasByThana,
  findAreas,
  newAreaValues,
  slotTimes,
  type AreaFormValues,
} from './area-form';

const aftabnagar = (values: Partial<AreaFormValues> = {}): AreaFormValues => ({
  ...newAreaValues(),
  name: 'Aftabnagar',
  nameBn: 'আফতাবনগর',
  thana: 'Badda',
  ...values,
});

/** The contract's message per field for `values`, as the form shows them. */
const messages = (values: AreaFormValues) =>
  Object.fromEntries(
    (areaFormSchema.safeParse(values).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

const area = (fields: Partial<DeliveryArea> & Pick<DeliveryArea, 'id' | 'name' | 'thana'>): DeliveryArea => ({
  nameBn: 'নাম',
  fee: null,
  minimumOrder: 0,
  freeDeliveryAbove: null,
  slots: null,
  active: true,
  ...fields,
});

describe('the area form', () => {
  it('sends blank amounts as the spec rule, no minimum and never free, and every slot', () => {
    expect(areaFormSchema.parse(aftabnagar())).toEqual({
      name: 'Aftabnagar',
      nameBn: 'আফতাবনগর',
      thana: 'Badda',
      fee: null,
      minimumOrder: 0,
      freeDeliveryAbove: null,
      slots: null,
      active: true,
    });
  });

  it('sends a typed id, and none when it is blank', () => {
    expect(areaFormSchema.parse(aftabnagar({ id: ' aftab-nagar ' })).id).toBe('aftab-nagar');
    expect('id' in areaFormSchema.parse(aftabnagar({ id: '' }))).toBe(false);
    expect(messages(aftabnagar({ id: 'Aftab Nagar' }))).toEqual({ id: 'Use lower-case letters, digits and hyphens' });
  });

  it('sends typed Tk as numbers and the chosen slots in time order', () => {
    const body = areaFormSchema.parse(
      aftabnagar({
        fee: ' 60 ',
        minimumOrder: '300',
        freeDeliveryAbove: '1500',
        allSlots: false,
        slots: ['15:00', '09:00'],
        active: false,
      }),
    );
    expect(body).toMatchObject({ fee: 60, minimumOrder: 300, freeDeliveryAbove: 1500, slots: ['09:00', '15:00'] });
    expect(body.active).toBe(false);
  });

  it("says the contract's message under each bad field and sends nothing", () => {
    expect(messages(aftabnagar({ fee: '-5', nameBn: '  ', minimumOrder: 'many', freeDeliveryAbove: '12.5' }))).toEqual({
      fee: 'Must be 0 or more',
      nameBn: 'Required',
      minimumOrder: 'Enter a number (Tk)',
      freeDeliveryAbove: 'Enter whole Tk',
    });
    expect(messages(aftabnagar({ allSlots: false, slots: [] }))).toEqual({ slots: 'Choose at least one slot, or all' });
    // Unticking "all slots" with slots left ticked from before keeps those; with all on they are ignored.
    expect(messages(aftabnagar({ allSlots: true, slots: ['25:00'] }))).toEqual({});
  });

  it('shows an area as it is stored, and gives back the same body', () => {
    const savar = area({
      id: 'savar',
      name: 'Savar',
      thana: 'Savar',
      fee: 100,
      minimumOrder: 500,
      freeDeliveryAbove: 2000,
      slots: ['09:00', '17:00'],
    });
    const values = areaFormValues(savar);
    expect(values).toMatchObject({ fee: '100', minimumOrder: '500', freeDeliveryAbove: '2000', allSlots: false });
    expect(areaFormSchema.parse(values)).toEqual(savar);
    expect(areaFormValues(area({ id: 'dhanmondi', name: 'Dhanmondi', thana: 'Dhanmondi' }))).toMatchObject({
      fee: '',
      minimumOrder: '',
      freeDeliveryAbove: '',
      allSlots: true,
      slots: [],
    });
  });
});

describe("the API's field errors on the form", () => {
  it('puts each message under its field, a slot under the slots', () => {
    expect(
      areaFieldErrors({
        fields: {
          fee: ['Must be 0 or more'],
          'slots.1': ['Use HH:MM, e.g. 09:00'],
          id: ['Another area has this id'],
          zone: ['Unknown'],
        },
      }),
    ).toEqual({
      fields: { fee: 'Must be 0 or more', slots: 'Use HH:MM, e.g. 09:00', id: 'Another area has this id' },
      other: ['Unknown'],
    });
    expect(areaFieldErrors(undefined)).toEqual({ fields: {}, other: [] });
    expect(areaFieldErrors({ fields: { fee: [] } })).toEqual({ fields: {}, other: [] });
  });
});

describe('the slot times and the list', () => {
  const offer = (day: string, start: string, end: string) => ({
    id: `${day}T${start}:00+06:00`,
    start: `${day}T${start}:00+06:00`,
    end: `${day}T${end}:00+06:00`,
    label: '',
  });

  it("offers each of the shop's slot starts once, with any an area lists, earliest first", () => {
    const offered = [
      offer('2026-11-28', '15:00', '17:00'),
      offer('2026-11-29', '09:00', '11:00'),
      offer('2026-11-29', '15:00', '17:00'),
    ];
    const savar = area({ id: 'savar', name: 'Savar', thana: 'Savar', slots: ['07:00', '09:00'] });
    expect(slotTimes(offered, [savar])).toEqual([
      { start: '07:00' },
      { start: '09:00', end: '11:00' },
      { start: '15:00', end: '17:00' },
    ]);
  });

  it('groups the areas by thana, A–Z, and each thana by name', () => {
    const groups = areasByThana([
      area({ id: 'mirpur-10', name: 'Mirpur 10', thana: 'Mirpur' }),
      area({ id: 'aftabnagar', name: 'Aftabnagar', thana: 'Badda' }),
      area({ id: 'mirpur-1', name: 'Mirpur 1', thana: 'Mirpur' }),
    ]);
    expect(groups.map((group) => [group.thana, group.areas.map((a) => a.id)])).toEqual([
      ['Badda', ['aftabnagar']],
      ['Mirpur', ['mirpur-1', 'mirpur-10']],
    ]);
  });

  it('finds areas by English or Bangla name, thana or id', () => {
    const areas = [
      area({ id: 'mirpur-10', name: 'Mirpur 10', nameBn: 'মিরপুর ১০', thana: 'Mirpur' }),
      area({ id: 'aftabnagar', name: 'Aftabnagar', nameBn: 'আফতাবনগর', thana: 'Badda' }),
    ];
    const ids = (query: string) => findAreas(areas, query).map((a) => a.id);
    expect(ids(' MIRPUR ')).toEqual(['mirpur-10']);
    expect(ids('আফতাব')).toEqual(['aftabnagar']);
    expect(ids('badda')).toEqual(['aftabnagar']);
    expect(ids('')).toEqual(['mirpur-10', 'aftabnagar']);
    expect(ids('Gulshan')).toEqual([]);
  });
});
