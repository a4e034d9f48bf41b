import { useState, type ReactNode } from 'react';
import type { DeliveryArea } from '@contract/delivery-area';
import type { DeliverySlot } from '@contract/delivery';
import { formatPrice } from '../../../lib/format';
import { useT } from '../../../lib/i18n/i18n';
import { useOnline } from '../../../lib/use-online';
import { areasByThana, findAreas, slotTimes } from '../area-form';
import { AreaFormDialog, clockText } from './area-form-dialog';
import { OfflineNote } from './offline-note';

type AreasAdminProps = {
  /** Every area, active or not (`GET /delivery-areas?all=1`). */
  areas: readonly DeliveryArea[];
  /** The slots on offer now (`GET /delivery-slots`): the slot times the form offers. */
  offeredSlots: readonly DeliverySlot[];
};

/** Which area the form is open for: a new one, an existing one, or none (closed). */
type Editing = { area?: DeliveryArea } | undefined;

/**
 * The dashboard's Areas screen (DESIGN.md §15), for the tablet first: every delivery area grouped
 * by thana (A–Z), each with its name and Bangla name, fee (or the spec's 40/80 Tk rule), minimum
 * order, free-delivery line, slots (or all) and on/off — one row each from 768 px, a card on a
 * phone — found by name (English or Bangla), thana or id, with **Add area** and each area's
 * **Edit** opening the area form. Writes need a
 * connection (admin writes are never queued).
 */
export function AreasAdmin({ areas, offeredSlots }: AreasAdminProps) {
  const t = useT();
  const online = useOnline();
  const [editing, setEditing] = useState<Editing>();
  const [query, setQuery] = useState('');
  const groups = areasByThana(findAreas(areas, query));
  const times = slotTimes(offeredSlots, areas);
  const thanas = areasByThana(areas).map((group) => group.thana);
  const columns = [t('areas.list.fee'), t('areas.list.minimum'), t('areas.list.freeAbove'), t('areas.list.slots')];
  const row = 'md:grid md:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))_9rem] md:items-center md:gap-3';
  /** One of an area's values: its label above it on a phone, the column header's (read out only) from 768 px. */
  const value = (label: string, text: ReactNode) => (
    <div className="min-w-0">
      <dt className="text-xs text-base-content/70 md:sr-only">{label}</dt>
      <dd className="text-sm">{text}</dd>
    </div>
  );
  return (
    <section>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-prose">
          <h1 className="text-2xl font-bold">{t('areas.title')}</h1>
          <p className="text-sm text-base-content/70">
            {t('areas.intro', { count: areas.length, off: areas.filter((area) => !area.active).length })}
          </p>
        </div>
        <button
          type="button"
          className="btn btn-success min-h-11"
          disabled={!online}
          onClick={() => setEditing({})}
          data-testid="add-area"
        >
          {t('areas.add')}
        </button>
      </div>
      <OfflineNote online={online} />
      <input
        type="search"
        className="input input-bordered mb-4 min-h-11 w-full max-w-md"
        aria-label={t('areas.find')}
        placeholder={t('areas.find')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {groups.length === 0 && (
        <p className="alert" role="status">
          {areas.length === 0 ? t('areas.none') : t('areas.noneFound')}
        </p>
      )}
      {/* The column headers of the rows from 768 px; each value is also labelled for screen readers. */}
      <div aria-hidden="true" className={`hidden px-4 py-2 text-xs font-semibold text-base-content/70 ${row}`}>
        <span>{t('areas.list.area')}</span>
        {columns.map((column) => (
          <span key={column}>{column}</span>
        ))}
        <span className="text-right">{t('areas.list.status')}</span>
      </div>
      {groups.map((group) => (
        <section key={group.thana} className="mb-6">
          <h2 className="mb-2 text-lg font-semibold">
            {t('areas.thanaHeading', { thana: group.thana })}{' '}
            <span className="text-sm font-normal text-base-content/70">
              {t('areas.count', { count: group.areas.length })}
            </span>
          </h2>
          <ul className="grid gap-2">
            {group.areas.map((area) => (
              <li
                key={area.id}
                data-testid="area-row"
                className={`rounded-box border p-3 ${area.active ? 'border-base-300 bg-base-100' : 'border-dashed border-base-content/30 bg-base-200'} ${row}`}
              >
                <div className="min-w-0">
                  <h3 className="font-semibold break-words">
                    {area.name} <span lang="bn">· {area.nameBn}</span>
                  </h3>
                  <p className="font-mono text-xs break-all text-base-content/70">{area.id}</p>
                </div>
                <dl className="my-2 grid grid-cols-2 gap-2 sm:grid-cols-4 md:contents">
                  {value(columns[0] ?? '', area.fee === null ? t('areas.feeRule') : formatPrice(area.fee))}
                  {value(
                    columns[1] ?? '',
                    area.minimumOrder === 0 ? t('areas.noMinimum') : formatPrice(area.minimumOrder),
                  )}
                  {value(
                    columns[2] ?? '',
                    area.freeDeliveryAbove === null ? t('areas.never') : formatPrice(area.freeDeliveryAbove),
                  )}
                  {value(
                    columns[3] ?? '',
                    area.slots === null ? t('areas.allSlots') : area.slots.map(clockText).join(', '),
                  )}
                </dl>
                <div className="flex items-center justify-between gap-2 md:justify-end">
                  <span
                    className={`badge ${area.active ? 'badge-success' : 'badge-neutral'}`}
                    data-testid="area-status"
                  >
                    {area.active ? t('areas.on') : t('areas.off')}
                  </span>
                  <button
                    type="button"
                    className="btn btn-outline btn-sm min-h-11 min-w-11"
                    disabled={!online}
                    aria-label={t('areas.editNamed', { name: area.name })}
                    onClick={() => setEditing({ area })}
                  >
                    {t('areas.edit')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {editing && (
        <AreaFormDialog
          key={editing.area?.id ?? 'new'}
          area={editing.area}
          slotTimes={times}
          thanas={thanas}
          canSave={online}
          onClose={() => setEditing(undefined)}
        />
      )}
    </section>
  );
}
