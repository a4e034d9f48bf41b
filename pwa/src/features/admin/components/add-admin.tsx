import { useState, type FormEvent } from 'react';
import { FormField } from '../../../components/form-field';
import { notify } from '../../../lib/toast';
import { useOnline } from '../../../lib/use-online';
import { useGrantAdmin } from '../api/admin';
import { OfflineNote } from './offline-note';

/** Add Admin (spec §2, §8): an e-mail field; toasts top-center. */
export function AddAdmin() {
  const online = useOnline();
  const grant = useGrantAdmin();
  const [email, setEmail] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    grant.mutate(email, {
      onSuccess: ({ modifiedCount }) => {
        if (modifiedCount > 0) {
          notify('admin', 'success', 'Admin created successfully!!');
          setEmail('');
        } else notify('admin', 'error', 'Admin can not created or already an admin');
      },
      onError: () => notify('admin', 'error', 'Admin can not created or already an admin'),
    });
  };
  return (
    <section className="mx-auto max-w-md">
      <h1 className="mb-6 text-2xl font-bold">Add Admin</h1>
      <OfflineNote online={online} />
      <form className="grid gap-4" onSubmit={onSubmit}>
        <FormField label="E-mail of the new admin">
          {(field) => <input {...field} type="email" required className="input input-bordered min-h-11 w-full" value={email} onChange={(e) => setEmail(e.target.value)} />}
        </FormField>
        <button type="submit" className="btn btn-primary min-h-11" disabled={!online || grant.isPending}>Make admin</button>
      </form>
    </section>
  );
}
