import { useT } from '../lib/i18n/i18n';

/** The loading spinner shown while a screen has nothing to show yet (spec §2, §4); `label` is for screen readers (default "Loading"). */
export function Spinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="flex justify-center py-16" role="status">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">{label ?? t('loading')}</span>
    </div>
  );
}
