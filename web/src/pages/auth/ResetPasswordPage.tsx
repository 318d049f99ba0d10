import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MESSAGES } from '../../../../domain/messages';
import { readFailure } from '../../api/failures';
import { Banner, Button, TextInput, useFocusFirstError } from '../../design';
import { useStores } from '../../stores/StoresContext';
import { hasErrors, validateEmailOnly, type Errors } from './validation';
import './auth.css';

type Status = 'idle' | 'submitting' | 'success';

export default function ResetPasswordPage() {
  const { auth } = useStores();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Errors<'email'>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  const cardRef = useRef<HTMLDivElement>(null);
  const [attempt, setAttempt] = useState(0);
  useFocusFirstError(cardRef, attempt);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const found = validateEmailOnly(email);
    setErrors(found);
    if (hasErrors(found)) {
      setAttempt((n) => n + 1);
      return;
    }
    setStatus('submitting');
    const outcome = await auth.resetPassword(email.trim());
    if (outcome.ok) {
      setStatus('success');
      return;
    }
    setStatus('idle');
    if (outcome.error === 'ERR_NO_USER') {
      setErrors({ email: MESSAGES.noUser });
    } else {
      const reading = readFailure(outcome, ['email']);
      setErrors(reading.fields);
      setFormError(reading.banner);
    }
    setAttempt((n) => n + 1);
  };

  return (
    <div className="auth-page">
      <div className="card auth-card" ref={cardRef}>
        <h1>Reset your password</h1>
        {status === 'success' ? (
          <>
            <Banner kind="success">Check your inbox: we sent a link to set a new password to {email.trim()}.</Banner>
            <Link to="/login">Back to log in</Link>
          </>
        ) : (
          <>
            <p className="auth-card__lead">Enter your e-mail address and we will send you a link to set a new password.</p>
            {formError && <Banner kind="error">{formError}</Banner>}
            <form onSubmit={(e) => void submit(e)} noValidate>
              <TextInput label="Email" type="email" name="email" autoComplete="email" value={email} error={errors.email} onChange={(e) => setEmail(e.target.value)} />
              <Button type="submit" block busy={status === 'submitting'} disabled={status === 'submitting'}>
                {status === 'submitting' ? 'Sending…' : 'Send reset link'}
              </Button>
            </form>
            <div className="auth-links">
              <Link to="/login">Back to log in</Link>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
