/**
 * Route guards (spec §4 "Route guards"): a spinner while auth is loading; signed out → /login
 * with the origin location in `state.from`; admin routes also need the admin flag, else /login.
 */
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, type Location } from 'react-router-dom';
import { Spinner } from '../components/spinner';
import { paths } from '../config/paths';
import { useAuth } from '../features/auth/auth-store';
import { useT } from '../lib/i18n/i18n';

export function RequireAuth({ admin = false, children }: { admin?: boolean; children?: ReactNode }) {
  const t = useT();
  const { user, loading, admin: isAdmin } = useAuth();
  const location = useLocation();
  if (loading) return <Spinner label={t('auth.checking')} />;
  if (!user.account || (admin && !isAdmin)) return <Navigate to={paths.login} state={{ from: location }} replace />;
  return children ?? <Outlet />;
}

/** Goes back to where the user came from (`state.from`) or to `/` (spec §4 "Auth"). */
export function useReturnTo(): () => void {
  const location = useLocation();
  const navigate = useNavigate();
  return () => {
    const from = (location.state as { from?: Location } | null)?.from;
    navigate(from ? `${from.pathname}${from.search}` : paths.home, { replace: true });
  };
}
