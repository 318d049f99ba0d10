import { useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readFailure } from '../../api/failures';
import { useFocusFirstError } from '../../design';
import { afterSignIn } from '../../routes/guards';
import type { AuthOutcome } from '../../stores/AuthStore';
import { hasErrors, type Errors } from './validation';

type Field = 'email' | 'password';

export interface CredentialsFormOptions {
  validate(email: string, password: string): Errors<Field>;
  send(email: string, password: string): Promise<AuthOutcome>;
  /**
   * The server's codes that belong on a field (spec section 8). Validation issues land on their fields, a 429
   * shows the server's wait time; anything else is 'Unexpected error, try again.'
   */
  fieldErrors: Partial<Record<string, Errors<Field>>>;
}

/** The shared life of the e-mail + password forms (log in, sign up): validate, send, place the error, go on. */
export function useCredentialsForm(options: CredentialsFormOptions) {
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const cardRef = useRef<HTMLDivElement>(null);
  const [attempt, setAttempt] = useState(0);
  useFocusFirstError(cardRef, attempt);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const found = options.validate(email, password);
    setErrors(found);
    if (hasErrors(found)) {
      setAttempt((n) => n + 1);
      return;
    }
    setSubmitting(true);
    const outcome = await options.send(email.trim(), password);
    setSubmitting(false);
    if (outcome.ok) {
      navigate(afterSignIn(location.state), { replace: true });
      return;
    }
    const known = options.fieldErrors[outcome.error];
    if (known) {
      setErrors(known);
    } else {
      const reading = readFailure(outcome, ['email', 'password']);
      setErrors(reading.fields);
      setFormError(reading.banner);
    }
    setAttempt((n) => n + 1);
  };

  return { email, setEmail, password, setPassword, errors, formError, submitting, submit, cardRef };
}
