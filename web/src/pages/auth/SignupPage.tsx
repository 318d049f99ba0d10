import { Link } from 'react-router';
import { MESSAGES } from '../../../../domain/messages';
import { Banner, Button, TextInput } from '../../design';
import { useStores } from '../../stores/StoresContext';
import { GoogleButton } from './GoogleButton';
import { validateSignup } from './validation';
import { useCredentialsForm } from './useCredentialsForm';
import './auth.css';

export default function SignupPage() {
  const { auth } = useStores();
  const { email, setEmail, password, setPassword, errors, formError, submitting, submit, cardRef } = useCredentialsForm({
    validate: validateSignup,
    send: (address, secret) => auth.signup(address, secret),
    fieldErrors: { ERR_USER_EXISTS: { email: MESSAGES.userExists } },
  });

  return (
    <div className="auth-page">
      <div className="card auth-card" ref={cardRef}>
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
            Already have an account? <Link to="/login">Log In</Link>
          </span>
        </div>
      </div>
    </div>
  );
}
