import { useAuth } from '../../features/auth/auth-store';
import { useCreateReview } from '../../features/reviews/api/create-review';
import { ReviewForm } from '../../features/reviews/components/review-form';
import { UnsentReviews } from '../../features/reviews/components/unsent-reviews';

/** `/dashboard/add-review`: the review form, written through the outbox, and the reviews still waiting in it. */
export default function AddReviewRoute() {
  const { user } = useAuth();
  const createReview = useCreateReview({ userEmail: user.account ?? '' });
  return (
    <>
      <ReviewForm submit={(review) => createReview.mutateAsync(review).then((outcome) => outcome.status)} />
      <UnsentReviews email={user.account} />
    </>
  );
}
