import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MESSAGES } from '../../../../domain/messages';
import { afterSignIn } from '../../routes/guards';
import type { AuthOutcome } from '../../stores/AuthStore';
import { hasErrors, type Errors } from './validation';

type Field = 'email' | 'password';

export interface CredentialsFormOptions {
  validate(email: string, password: string): Errors<Field>;
  send(email: string, password: string): Promise<AuthOutcome>;
  /** The server's codes that belong on a field (spec section 8); anything else is 'Unexpected error, try again.' */
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

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const found = options.validate(email, password);
    setErrors(found);
    if (hasErrors(found)) return;
    setSubmitting(true);
    const outcome = await options.send(email.trim(), password);
    setSubmitting(false);
    if (outcome.ok) navigate(afterSignIn(location.state), { replace: true });
    else if (options.fieldErrors[outcome.error]) setErrors(options.fieldErrors[outcome.error] ?? {});
    else setFormError(outcome.message ?? MESSAGES.unexpected);
  };

  return { email, setEmail, password, setPassword, errors, formError, submitting, submit };
}
