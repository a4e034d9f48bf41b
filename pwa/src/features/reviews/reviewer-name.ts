/**
 * The name a testimonial shows for its reviewer (DESIGN.md §3): the reviewer's own, or, when the
 * API sends none (an account without a name: the API never shows any part of an e-mail), the
 * catalogue's word for a customer, in the language shown.
 */
import type { Review } from '@contract/review';
import { t } from '../../lib/i18n/i18n';

/** Takes a review; returns its reviewer's name, else "Customer" in the language shown. */
export const reviewerName = (review: Pick<Review, 'name'>): string => review.name.trim() || t('reviews.customer');
