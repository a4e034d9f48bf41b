import { describe, expect, it } from 'vitest';
import { areaById, areaName, filterAreas, groupByThana, type DeliveryArea } from './area-model';

const area = (id: string, name: string, nameBn: string, thana: string): DeliveryArea => ({
  id,
  name,
  nameBn,
  thana,
  fee: null,
  minimumOrder: 0,
  freeDeliveryAbove: null,
  slots: null,
  active: true,
});
const areas = [
  area('dhanmondi', 'Dhanmondi', 'ধানমন্ডি', 'Dhanmondi'),
  area('mirpur-10', 'Mirpur 10', 'মিরপুর ১০', 'Mirpur'),
  area('mirpur-1', 'Mirpur 1', 'মিরপুর ১', 'Mirpur'),
  area('savar', 'Savar', 'সাভার', 'Savar'),
];

describe('finding a delivery area', () => {
  it('matches the English name whatever the case, spaces or hyphens', () => {
    expect(filterAreas(areas, 'mirpur-10').map((a) => a.id)).toEqual(['mirpur-10']);
    expect(filterAreas(areas, 'MIRPUR').map((a) => a.id)).toEqual(['mirpur-10', 'mirpur-1']);
    expect(filterAreas(areas, 'dhan mondi').map((a) => a.id)).toEqual(['dhanmondi']);
  });

  it('matches the Bangla name, and the thana', () => {
    expect(filterAreas(areas, 'সাভার').map((a) => a.id)).toEqual(['savar']);
    expect(filterAreas(areas, 'মিরপুর ১০').map((a) => a.id)).toEqual(['mirpur-10']);
    expect(filterAreas([area('x', 'Shyamoli', 'শ্যামলী', 'Mohammadpur')], 'mohammad')).toHaveLength(1);
  });

  it('lists every area for an empty search, and none for a name no area has', () => {
    expect(filterAreas(areas, '  ')).toEqual(areas);
    expect(filterAreas(areas, 'Chittagong')).toEqual([]);
  });
});

describe('areas by thana and by name', () => {
  it('groups by thana in the order the API sorts them', () => {
    expect(groupByThana(areas).map((g) => [g.thana, g.areas.map((a) => a.id)])).toEqual([
      ['Dhanmondi', ['dhanmondi']],
      ['Mirpur', ['mirpur-10', 'mirpur-1']],
      ['Savar', ['savar']],
    ]);
  });

  it('names an area in the language shown, and finds it by id', () => {
    expect(areaName(areas[3] as DeliveryArea, 'bn')).toBe('সাভার');
    expect(areaName(areas[3] as DeliveryArea, 'en')).toBe('Savar');
    expect(areaById(areas, 'savar')?.name).toBe('Savar');
    expect(areaById(areas, 'gone')).toBeUndefined();
    expect(areaById(undefined, 'savar')).toBeUndefined();
    expect(areaById(areas, null)).toBeUndefined();
  });
});
