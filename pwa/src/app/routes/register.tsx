import { paths } from '../../config/paths';
import { RegisterForm } from '../../features/auth/components/register-form';
import { useReturnTo } from '../guards';

/** `/register`. */
export default function RegisterRoute() {
  return <RegisterForm loginPath={paths.login} onSignedIn={useReturnTo()} />;
}
