import { Link } from 'react-router';
import { MESSAGES } from '../../../../domain/messages';
import { Banner, Button, TextInput } from '../../design';
import { useStores } from '../../stores/StoresContext';
import { GoogleButton } from './GoogleButton';
import { validateLogin } from './validation';
import { useCredentialsForm } from './useCredentialsForm';
import './auth.css';

export default function LoginPage() {
  const { auth } = useStores();
  const { email, setEmail, password, setPassword, errors, formError, submitting, submit, cardRef } = useCredentialsForm({
    validate: validateLogin,
    send: (address, secret) => auth.login(address, secret),
    fieldErrors: { ERR_USER_PASS: { password: MESSAGES.userPass } },
  });

  return (
    <div className="auth-page">
      <div className="card auth-card" ref={cardRef}>
        <h1>Log In</h1>
        <p className="auth-card__lead">Welcome back. Your opponents are waiting.</p>
        {formError && <Banner kind="error">{formError}</Banner>}
        <form onSubmit={(e) => void submit(e)} noValidate>
          <TextInput label="Email" type="email" name="email" autoComplete="email" value={email} error={errors.email} onChange={(e) => setEmail(e.target.value)} />
          <TextInput
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            error={errors.password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Button type="submit" block busy={submitting} disabled={submitting}>
            {submitting ? 'Logging in…' : 'Log In'}
          </Button>
        </form>
        <div className="auth-divider">or</div>
        <GoogleButton />
        <div className="auth-links">
          <Link to="/signup">Create an account</Link>
          <Link to="/reset_password">Forgot your password?</Link>
        </div>
      </div>
    </div>
  );
}
