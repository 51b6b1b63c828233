import { useLocation, useNavigate } from 'react-router';
import { session } from '../session/session';
import { LoginForm } from './LoginForm';

/** The login route inside the app (after a logout, or a screen that asked to log in first). */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? '/home';
  return (
    <LoginForm
      onLoggedIn={(token) => {
        if (session.setToken(token)) void navigate(from, { replace: true });
      }}
      onForgot={(event) => {
        event.preventDefault();
        void navigate('/ask-reset-password');
      }}
    />
  );
}
