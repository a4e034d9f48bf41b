import { formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n/i18n';
import { PhotoError, shrinkPhoto, type ShrunkPhoto } from '../photo-shrink';

/** The report's photo: none, being shrunk, ready (shrunk), or why it could not be used. */
export type PhotoState =
  | { status: 'none' }
  | { status: 'shrinking' }
  | { status: 'ready'; photo: ShrunkPhoto; /** An object URL of it, for the preview. */ url: string }
  | { status: 'failed'; reason: PhotoError['reason'] };

type ProblemPhotoProps = { orderId: string; photo: PhotoState; onPhoto: (photo: PhotoState) => void };

/**
 * The report's optional photo (DESIGN.md §19): a file input that opens the back camera on a phone
 * (`capture="environment"`; a desktop browser offers its files), the picture shrunk in the browser
 * to at most 100 KB (photo-shrink.ts), then shown with its size and a Remove button; a file that is
 * not a readable picture, or cannot be made small enough, is said under the input.
 */
export function ProblemPhoto({ orderId, photo, onPhoto }: ProblemPhotoProps) {
  const t = useT();
  const inputId = `report-${orderId}-photo`;
  const ready = photo.status === 'ready' ? photo : undefined;
  const preview = ready?.url;
  /** Sets the photo, letting the last preview's URL go. */
  const replace = (next: PhotoState) => {
    if (ready) URL.revokeObjectURL(ready.url);
    onPhoto(next);
  };
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    replace({ status: 'shrinking' });
    try {
      const shrunk = await shrinkPhoto(file);
      const url = URL.createObjectURL(new Blob([shrunk.bytes], { type: shrunk.type }));
      onPhoto({ status: 'ready', photo: shrunk, url });
    } catch (error) {
      onPhoto({ status: 'failed', reason: error instanceof PhotoError ? error.reason : 'unreadable' });
    }
  };
  const failed = photo.status === 'failed';
  return (
    <div className="grid gap-2">
      {ready ? (
        <p className="text-sm font-medium">{t('problem.report.photo')}</p>
      ) : (
        <label htmlFor={inputId} className="text-sm font-medium">
          {t('problem.report.photo')}
        </label>
      )}
      <p id={`${inputId}-hint`} className="text-sm text-base-content/70">
        {t('problem.report.photoHint')}
      </p>
      {/* Once a photo is ready its preview and Remove take the input's place. */}
      {!ready && (
        <input
          id={inputId}
          type="file"
          accept="image/*"
          capture="environment"
          className="file-input file-input-bordered min-h-11 w-full"
          aria-invalid={failed ? true : undefined}
          aria-describedby={failed ? `${inputId}-error` : `${inputId}-hint`}
          onChange={(event) => {
            void onFile(event.target.files?.[0]);
            // The same file chosen again after Remove fires a change too.
            event.target.value = '';
          }}
        />
      )}
      {photo.status === 'shrinking' && (
        <p className="text-sm" role="status">
          {t('problem.report.photoShrinking')}
        </p>
      )}
      {failed && (
        <p id={`${inputId}-error`} className="text-sm text-error" role="alert">
          {photo.reason === 'tooLarge' ? t('problem.report.photoTooLarge') : t('problem.report.photoUnreadable')}
        </p>
      )}
      {ready && preview && (
        <div className="flex items-center gap-3" data-testid="report-photo">
          <img
            src={preview}
            alt={t('problem.report.photoAlt')}
            className="h-24 w-24 rounded-box object-cover"
            width={96}
            height={96}
          />
          <div className="grid gap-1">
            <p className="text-sm" role="status">
              {t('problem.report.photoReady', { size: formatNumber(Math.ceil(ready.photo.size / 1024)) })}
            </p>
            <button type="button" className="btn btn-sm btn-ghost min-h-11" onClick={() => replace({ status: 'none' })}>
              {t('problem.report.photoRemove')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
