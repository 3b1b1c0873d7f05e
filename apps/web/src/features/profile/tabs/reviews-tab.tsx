/** The Reviews tab: the reviews feature's own component. */
export { ProfileReviews as ReviewsTab } from '../../reviews/components/profile-reviews.tsx';
