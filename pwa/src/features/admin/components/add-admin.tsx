import { useState, type FormEvent } from 'react';
import { FormField } from '../../../components/form-field';
import { t, useLocale } from '../../../lib/i18n/i18n';
import { notify } from '../../../lib/toast';
import { useOnline } from '../../../lib/use-online';
import { useGrantAdmin } from '../api/admin';
import { OfflineNote } from './offline-note';

/** Add Admin (spec §2, §8): an e-mail field; toasts top-center. */
export function AddAdmin() {
  useLocale(); // renders again in the language chosen
  const online = useOnline();
  const grant = useGrantAdmin();
  const [email, setEmail] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    grant.mutate(email, {
      onSuccess: ({ modifiedCount }) => {
        if (modifiedCount > 0) {
          notify('admin', 'success', t('admin.created'));
          setEmail('');
        } else notify('admin', 'error', t('admin.notCreated'));
      },
      onError: () => notify('admin', 'error', t('admin.notCreated')),
    });
  };
  return (
    <section className="mx-auto max-w-md">
      <h1 className="mb-6 text-2xl font-bold">{t('admin.addAdmin')}</h1>
      <OfflineNote online={online} />
      <form className="grid gap-4" onSubmit={onSubmit}>
        <FormField label={t('admin.newAdminEmail')}>
          {(field) => (
            <input
              {...field}
              type="email"
              required
              className="input input-bordered min-h-11 w-full"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </FormField>
        <button type="submit" className="btn btn-primary min-h-11" disabled={!online || grant.isPending}>
          {t('admin.makeAdmin')}
        </button>
      </form>
    </section>
  );
}
