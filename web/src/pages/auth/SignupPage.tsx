import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { MESSAGES } from '../../../../domain/messages';
import { Banner, Button, TextInput } from '../../design';
import { afterSignIn } from '../../routes/guards';
import { useStores } from '../../stores/StoresContext';
import { GoogleButton } from './GoogleButton';
import { hasErrors, validateSignup, type Errors } from './validation';
import './auth.css';

export default function SignupPage() {
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
    const found = validateSignup(email, password);
    setErrors(found);
    if (hasErrors(found)) return;
    setSubmitting(true);
    const outcome = await auth.signup(email.trim(), password);
    setSubmitting(false);
    if (outcome.ok) navigate(afterSignIn(location.state), { replace: true });
    else if (outcome.error === 'ERR_USER_EXISTS') setErrors({ email: MESSAGES.userExists });
    else setFormError(MESSAGES.unexpected);
  };

  return (
    <div className="auth-page">
      <div className="card auth-card">
        <h1>Create your account</h1>
        <p className="auth-card__lead">Sign up free, add credits, and challenge a titled player in minutes.</p>
        {formError && <Banner kind="error">{formError}</Banner>}
        <form onSubmit={(e) => void submit(e)} noValidate>
          <TextInput label="Email" type="email" name="email" autoComplete="email" value={email} error={errors.email} onChange={(e) => setEmail(e.target.value)} />
          <TextInput
            label="Password"
            type="password"
            name="password"
            autoComplete="new-password"
            hint="At least 8 characters"
            value={password}
            error={errors.password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Button type="submit" block busy={submitting} disabled={submitting}>
            {submitting ? 'Creating account…' : 'Sign Up'}
          </Button>
        </form>
        <div className="auth-divider">or</div>
        <GoogleButton label="Sign up with Google" />
        <div className="auth-links">
          <span>
            Already have an account? <Link to="/login">Log in</Link>
          </span>
        </div>
      </div>
    </div>
  );
}
