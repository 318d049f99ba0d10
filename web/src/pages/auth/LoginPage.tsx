import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { MESSAGES } from '../../../../domain/messages';
import { Banner, Button, TextInput } from '../../design';
import { afterSignIn } from '../../routes/guards';
import { useStores } from '../../stores/StoresContext';
import { GoogleButton } from './GoogleButton';
import { hasErrors, validateLogin, type Errors } from './validation';
import './auth.css';

export default function LoginPage() {
  const { auth } = useStores();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors<'email' | 'password'>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const found = validateLogin(email, password);
    setErrors(found);
    if (hasErrors(found)) return;
    setSubmitting(true);
    const outcome = await auth.login(email.trim(), password);
    setSubmitting(false);
    if (outcome.ok) {
      navigate(afterSignIn(location.state), { replace: true });
    } else if (outcome.error === 'ERR_USER_PASS') {
      setErrors({ password: MESSAGES.userPass });
    } else {
      setFormError(MESSAGES.unexpected);
    }
  };

  return (
    <div className="auth-page">
      <div className="card auth-card">
        <h1>Log in</h1>
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
            {submitting ? 'Logging in…' : 'Log in'}
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
