import { outboxNoteText } from '../../../lib/i18n/api-errors';
import { t, useLocale } from '../../../lib/i18n/i18n';
import { useUnsent } from '../../../lib/offline/outbox/use-unsent';

/**
 * Under Add Review: each of `email`'s reviews still in the outbox, live from IndexedDB — waiting
 * (with why, when the outbox noted it) or not sent (with the reason).
 */
export function UnsentReviews({ email }: { email: string | undefined }) {
  useLocale(); // renders again in the language chosen
  const waiting = useUnsent(email).filter((item) => item.kind === 'review');
  return waiting.map((item) => (
    <p key={item.key} className="alert alert-warning mx-auto mt-4 max-w-lg" data-testid="unsent-review">
      {item.status === 'failed'
        ? t('outbox.notSent', { note: outboxNoteText(item) })
        : item.note
          ? t('outbox.waitingNote', { note: outboxNoteText(item) })
          : t('outbox.waiting')}
    </p>
  ));
}
