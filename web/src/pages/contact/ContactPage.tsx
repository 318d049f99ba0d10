import { useRef, useState, type FormEvent } from 'react';
import { emailIssues } from '../../../../domain/accounts';
import { MESSAGES } from '../../../../domain/messages';
import { readFailure } from '../../api/failures';
import { Banner, Button, TextArea, TextInput, useFocusFirstError } from '../../design';
import { useStores } from '../../stores/StoresContext';

type Status = 'idle' | 'submitting' | 'success';
type Fields = { name: string; email: string; lichess: string; chesscom: string; message: string };
type FieldErrors = Partial<Record<'name' | 'email' | 'message', string>>;

export function validateContact(f: Fields): FieldErrors {
  const errors: FieldErrors = {};
  if (!f.name.trim()) errors.name = MESSAGES.nameRequired;
  const emailMessage = emailIssues(f.email)[0]?.message;
  if (emailMessage) errors.email = emailMessage;
  if (!f.message.trim()) errors.message = MESSAGES.messageRequired;
  return errors;
}

export default function ContactPage() {
  const { api, session } = useStores();
  const user = session.user;
  const [fields, setFields] = useState<Fields>({
    name: user ? `${user.firstName} ${user.lastName}`.trim() : '',
    email: user?.email ?? '',
    lichess: user?.lichessUsername ?? '',
    chesscom: '',
    message: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>('idle');
  const [formError, setFormError] = useState<string | null>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const [attempt, setAttempt] = useState(0);
  useFocusFirstError(cardRef, attempt);
  const set = (key: keyof Fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateContact(fields);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length) {
      setAttempt((n) => n + 1);
      return;
    }
    setStatus('submitting');
    const result = await api.post<object>('/api/contact_us', {
      body: {
        name: fields.name.trim(),
        email: fields.email.trim(),
        lichess: fields.lichess.trim(),
        chesscom: fields.chesscom.trim(),
        message: fields.message.trim(),
      },
    });
    if (result.success) {
      setStatus('success');
      // The form is replaced by the thank-you banner: move focus there so it is seen and announced.
      requestAnimationFrame(() => cardRef.current?.querySelector<HTMLElement>('.banner-focus')?.focus());
      return;
    }
    const reading = readFailure(result, ['name', 'email', 'message'], MESSAGES.contactError);
    setErrors(reading.fields);
    setFormError(reading.banner);
    setStatus('idle');
    setAttempt((n) => n + 1);
  };

  return (
    <div className="page page--narrow">
      <header className="page__header">
        <h1>Contact us</h1>
        <p className="page__lead">Questions, feedback, or a titled player who wants to join? We answer every message by e-mail.</p>
      </header>
      <div className="card" ref={cardRef}>
        {status === 'success' ? (
          <div tabIndex={-1} className="banner-focus">
            <Banner kind="success">{MESSAGES.contactSuccess}</Banner>
          </div>
        ) : (
          <form onSubmit={(e) => void submit(e)} noValidate>
            {formError && <Banner kind="error">{formError}</Banner>}
            <TextInput label="Name" name="name" autoComplete="name" value={fields.name} error={errors.name} onChange={set('name')} />
            <TextInput label="Email" name="email" type="email" autoComplete="email" value={fields.email} error={errors.email} onChange={set('email')} />
            <div className="form-row">
              <TextInput label="Lichess username (optional)" name="lichess" value={fields.lichess} onChange={set('lichess')} />
              <TextInput label="Chess.com username (optional)" name="chesscom" value={fields.chesscom} onChange={set('chesscom')} />
            </div>
            <TextArea label="Message" name="message" rows={6} value={fields.message} error={errors.message} onChange={set('message')} />
            <Button type="submit" busy={status === 'submitting'} disabled={status === 'submitting'}>
              {status === 'submitting' ? 'Sending…' : 'Send message'}
            </Button>
          </form>
        )}
      </div>
    </div>
  );
}
