import { useRef } from 'react';
import { useT } from '../../../lib/i18n/i18n';
import { useProblemPhoto } from '../api/problems';

/**
 * A problem's photo as a thumbnail button (112 px square) that opens it large in a modal dialog;
 * "No photo" when the shopper sent none, said so when it could not be loaded.
 */
export function ProblemPhoto({ photoId, customer }: { photoId: string | null; customer: string }) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const { url, failed } = useProblemPhoto(photoId);
  const box = 'flex size-28 shrink-0 items-center justify-center rounded-box bg-base-200 p-2 text-center text-sm';
  if (photoId === null) return <div className={`${box} text-base-content/70`}>{t('problems.noPhoto')}</div>;
  if (failed) return <div className={`${box} text-error`}>{t('problems.photoFailed')}</div>;
  if (!url) return <div className={`${box} skeleton`} aria-hidden="true" />;
  const alt = t('problems.photoOf', { name: customer });
  return (
    <>
      <button
        type="button"
        className="size-28 shrink-0 overflow-hidden rounded-box border border-base-300"
        aria-label={t('problems.photoOpen', { name: customer })}
        onClick={() => dialog.current?.showModal()}
        data-testid="problem-photo"
      >
        <img src={url} alt="" className="size-full object-cover" />
      </button>
      <dialog ref={dialog} className="modal" aria-label={alt}>
        <div className="modal-box w-auto max-w-[95vw] p-3">
          <img src={url} alt={alt} className="max-h-[75dvh] max-w-full rounded-box object-contain" />
          <form method="dialog" className="modal-action mt-3">
            <button type="submit" className="btn min-h-11">
              {t('problems.close')}
            </button>
          </form>
        </div>
        <form method="dialog" className="modal-backdrop">
          <button type="submit" tabIndex={-1}>
            {t('problems.close')}
          </button>
        </form>
      </dialog>
    </>
  );
}
