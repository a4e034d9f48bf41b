/** An admin's Delete button on a testimonial (DESIGN.md §3 `DELETE /reviews/:id`). */
import type { Review } from '@contract/review';
import { apiErrorText } from '../../../lib/i18n/api-errors';
import { t, useT } from '../../../lib/i18n/i18n';
import { notify } from '../../../lib/toast';
import { useOnline } from '../../../lib/use-online';
import { useDeleteReview } from '../api/delete-review';
import { reviewerName } from '../reviewer-name';

/**
 * An admin's Delete button for review `review`: a confirm in the spec's words (as for a product),
 * then `DELETE /api/reviews/:id` and a toast; disabled offline (an admin's delete is never queued).
 */
export default function DeleteReviewButton({ review }: { review: Review }) {
  useT(); // renders again in the language chosen
  const online = useOnline();
  const remove = useDeleteReview();
  const onDelete = async () => {
    if (!window.confirm(t('reviews.confirmDelete'))) return;
    // Awaited rather than mutate's callbacks: the deleted review's card, and this button, unmount once it leaves the list.
    try {
      await remove.mutateAsync(review._id);
      notify('review', 'error', t('reviews.deleted'));
    } catch (error) {
      notify('review', 'error', apiErrorText(error, t('auth.error.other')));
    }
  };
  return (
    <button
      type="button"
      className="btn btn-error btn-sm min-h-11 ml-auto"
      disabled={!online || remove.isPending}
      onClick={() => void onDelete()}
      aria-label={t('reviews.deleteName', { name: reviewerName(review) })}
    >
      {t('reviews.delete')}
    </button>
  );
}
