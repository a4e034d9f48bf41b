import { paths } from '../../config/paths';
import { LoginForm } from '../../features/auth/components/login-form';
import { useReturnTo } from '../guards';

/** `/login`. */
export default function LoginRoute() {
  return <LoginForm registerPath={paths.register} onSignedIn={useReturnTo()} />;
}
