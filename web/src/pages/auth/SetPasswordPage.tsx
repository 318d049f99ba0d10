import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MESSAGES } from '../../../../domain/messages';
import { readFailure } from '../../api/failures';
import { Banner, Button, TextInput, useFocusFirstError } from '../../design';
import { useStores } from '../../stores/StoresContext';
import { hasErrors, validateSetPassword, type Errors } from './validation';
import './auth.css';

type Status = 'idle' | 'submitting' | 'success';

export default function SetPasswordPage() {
  const { auth } = useStores();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors<'password' | 'confirm'>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  const cardRef = useRef<HTMLDivElement>(null);
  const [attempt, setAttempt] = useState(0);
  useFocusFirstError(cardRef, attempt);

  if (!token) {
    return (
      <div className="auth-page">
        <div className="card auth-card">
          <h1>Set a new password</h1>
          <Banner kind="error">{MESSAGES.invalidResetLink}</Banner>
          <Link to="/reset_password">Request a new link</Link>
        </div>
      </div>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const found = validateSetPassword(password, confirm);
    setErrors(found);
    if (hasErrors(found)) {
      setAttempt((n) => n + 1);
      return;
    }
    setStatus('submitting');
    const outcome = await auth.setPassword(token, password);
    if (outcome.ok) {
      setStatus('success');
      navigate('/', { replace: true });
      return;
    }
    setStatus('idle');
    if (outcome.error === 'ERR_INVALID_TOKEN') {
      setFormError(MESSAGES.invalidResetLink);
    } else {
      const reading = readFailure(outcome, ['password'], MESSAGES.setPasswordUnexpected);
      setErrors(reading.fields);
      setFormError(reading.banner);
    }
    setAttempt((n) => n + 1);
  };

  return (
    <div className="auth-page">
      <div className="card auth-card" ref={cardRef}>
        <h1>Set a new password</h1>
        <p className="auth-card__lead">Choose a new password for your account.</p>
        {formError && (
          <Banner kind="error">
            {formError}
            {formError === MESSAGES.invalidResetLink && (
              <>
                {' '}
                <Link to="/reset_password">Request a new link</Link>
              </>
            )}
          </Banner>
        )}
        <form onSubmit={(e) => void submit(e)} noValidate>
          <TextInput
            label="New password"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters"
            value={password}
            error={errors.password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <TextInput
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            value={confirm}
            error={errors.confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
          <Button type="submit" block busy={status === 'submitting'} disabled={status !== 'idle'}>
            {status === 'submitting' ? 'Saving…' : 'Set password'}
          </Button>
        </form>
      </div>
    </div>
  );
}
