import { outboxNoteText, type NameOf } from '../../../lib/i18n/api-errors';
import { useT } from '../../../lib/i18n/i18n';
import { dismiss } from '../../../lib/offline/outbox/store';
import type { UnsentPacking } from '../api/save-packing';

/**
 * A packing of this order still in the outbox (DESIGN.md §5): waiting to be sent (and why, when
 * it has a note), or refused by the server with its reason and **Dismiss**, as the outbox shows
 * other items.
 */
export function UnsentPackingNote({ item, nameOf }: { item: UnsentPacking; nameOf: NameOf }) {
  const t = useT();
  const note = outboxNoteText(item, nameOf);
  if (item.status === 'waiting')
    return (
      <p className="alert alert-warning mb-3" role="status" data-testid="packing-waiting">
        {t('packing.waiting')}
        {note && item.note !== 'connection' ? ` ${note}` : ''}
      </p>
    );
  return (
    <div className="alert alert-error mb-3" role="alert" data-testid="packing-refused">
      <span>{t('packing.refused', { reason: note })}</span>
      <button type="button" className="btn btn-sm min-h-11" onClick={() => void dismiss(item.key)}>
        {t('packing.dismiss')}
      </button>
    </div>
  );
}
