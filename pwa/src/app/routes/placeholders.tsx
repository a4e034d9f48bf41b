/**
 * Screens that later issues fill in (storefront, accounts, checkout, dashboard), each a clear
 * "coming soon" body so every route of spec §2 exists now.
 */
import { ComingSoon } from '../../components/coming-soon';

export const CheckoutRoute = () => <ComingSoon title="Checkout" />;

export const DashboardHomeRoute = () => <ComingSoon title="Dashboard home" />;
export const ManageOrdersRoute = () => <ComingSoon title="Manage Orders" />;
export const AddProductRoute = () => <ComingSoon title="Add A Product" />;
export const ManageProductsRoute = () => <ComingSoon title="Manage Products" />;
export const UpdateProductRoute = () => <ComingSoon title="Update Product" />;
export const MyOrdersRoute = () => <ComingSoon title="My Orders" />;
export const AddReviewRoute = () => <ComingSoon title="Please make a review" />;
export const AddAdminRoute = () => <ComingSoon title="Add Admin" />;
