import { useState, type FormEvent } from 'react';
import { toBdMobileDisplay } from '@contract/phone';
import type { RiderGrantReason } from '@contract/rider';
import { FormField } from '../../../components/form-field';
import { apiErrorText } from '../../../lib/i18n/api-errors';
import { t, useLocale } from '../../../lib/i18n/i18n';
import { notify } from '../../../lib/toast';
import { useOnline } from '../../../lib/use-online';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useGrantRider, useRevokeRider, useRiders, type Rider } from '../api/riders';
import { riderTarget } from '../rider-target';
import { OfflineNote } from './offline-note';

/** How a rider is named in the list: the name, else the e-mail, else the phone as people write it. */
const riderLabel = (rider: Rider): string =>
  rider.name || rider.email || (rider.phoneNumber ? toBdMobileDisplay(rider.phoneNumber) : rider.uid);

/** Why `who` was not made a rider (`modifiedCount` 0), by the answer's `reason`. */
function notMadeText(reason: RiderGrantReason | undefined, who: string): string {
  if (reason === 'unknown_account') return t('riders.unknownAccount', { who });
  if (reason === 'email_not_verified') return t('riders.emailNotVerified', { who });
  if (reason === 'already_rider') return t('riders.alreadyRider', { who });
  return t('riders.notAdded', { who });
}

/**
 * Add Rider (DESIGN.md §18), beside Add Admin, for a tablet: one field takes the rider's e-mail or
 * phone number (`01711-223344` as people write it); an account that is unknown or not verified
 * (`modifiedCount` 0, its reason) is said under the field, not only in a toast. Below, the riders with a
 * Remove each (asked first). Writes need the connection.
 */
export function AddRider() {
  useLocale(); // renders again in the language chosen
  useDocumentTitle(t('riders.title'));
  const online = useOnline();
  const riders = useRiders();
  const grant = useGrantRider();
  const revoke = useRevokeRider();
  const [who, setWho] = useState('');
  const [problem, setProblem] = useState<string>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const target = riderTarget(who);
    if (!target) return setProblem(t('riders.invalid'));
    setProblem(undefined);
    const shown = who.trim();
    grant.mutate(target, {
      onSuccess: ({ modifiedCount, reason }) => {
        if (modifiedCount > 0) {
          notify('admin', 'success', t('riders.added', { who: shown }));
          setWho('');
        } else setProblem(notMadeText(reason, shown));
      },
      onError: (error) => setProblem(apiErrorText(error, t('riders.failed'))),
    });
  };
  const onRemove = (rider: Rider) => {
    const name = riderLabel(rider);
    if (!window.confirm(t('riders.confirmRemove', { name }))) return;
    const target = rider.email
      ? { email: rider.email }
      : rider.phoneNumber
        ? { phoneNumber: rider.phoneNumber }
        : undefined;
    if (!target) return;
    revoke.mutate(target, {
      onSuccess: ({ modifiedCount }) =>
        modifiedCount > 0
          ? notify('admin', 'success', t('riders.removed', { name }))
          : notify('admin', 'error', t('riders.notRemoved', { name })),
      onError: (error) => notify('admin', 'error', apiErrorText(error, t('riders.failed'))),
    });
  };
  return (
    <section className="mx-auto grid max-w-2xl gap-8">
      <div>
        <h1 className="mb-2 text-2xl font-bold">{t('riders.title')}</h1>
        <p className="mb-6 text-base-content/80">{t('riders.intro')}</p>
        <OfflineNote online={online} />
        <form className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-start" onSubmit={onSubmit} noValidate>
          <FormField label={t('riders.who')} error={problem}>
            {(field) => (
              <input
                {...field}
                type="text"
                inputMode="email"
                autoComplete="off"
                placeholder="rider@example.com · 01711-223344"
                className="input input-bordered min-h-11 w-full"
                value={who}
                onChange={(event) => {
                  setWho(event.target.value);
                  setProblem(undefined);
                }}
              />
            )}
          </FormField>
          <button
            type="submit"
            className="btn btn-primary min-h-11 sm:mt-6"
            disabled={!online || grant.isPending || who.trim() === ''}
          >
            {t('riders.make')}
          </button>
        </form>
      </div>
      <div data-testid="riders">
        <h2 className="mb-3 text-xl font-semibold">{t('riders.listTitle')}</h2>
        {riders.error ? (
          <p role="alert" className="text-error">
            {apiErrorText(riders.error, t('riders.loadFailed'))}
          </p>
        ) : !riders.data ? (
          <p>{t('riders.loading')}</p>
        ) : riders.data.length === 0 ? (
          <p className="text-base-content/80">{t('riders.none')}</p>
        ) : (
          <ul className="divide-y divide-base-300 rounded-box border border-base-300">
            {riders.data.map((rider) => (
              <li key={rider.uid} className="flex flex-wrap items-center justify-between gap-3 p-3" data-testid="rider">
                <div className="min-w-0">
                  <p className="font-semibold break-words">{riderLabel(rider)}</p>
                  <p className="text-sm break-words text-base-content/70">
                    {[rider.email, rider.phoneNumber && toBdMobileDisplay(rider.phoneNumber)]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <button
                  type="button"
                  className="btn btn-outline btn-error min-h-11"
                  aria-label={t('riders.removeLabel', { name: riderLabel(rider) })}
                  disabled={!online || revoke.isPending}
                  onClick={() => onRemove(rider)}
                >
                  {t('riders.remove')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
