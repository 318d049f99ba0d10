import { useState, type FormEvent } from 'react';
import { MESSAGES } from '../../../../domain/messages';
import { Banner, Button, TextArea, TextInput } from '../../design';
import { useStores } from '../../stores/StoresContext';

type Status = 'idle' | 'submitting' | 'success' | 'error';
type Fields = { name: string; email: string; lichess: string; chesscom: string; message: string };
type FieldErrors = Partial<Record<'name' | 'email' | 'message', string>>;

export function validateContact(f: Fields): FieldErrors {
  const errors: FieldErrors = {};
  if (!f.name.trim()) errors.name = MESSAGES.nameRequired;
  if (!f.email.trim()) errors.email = MESSAGES.emailRequired;
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
  const set = (key: keyof Fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateContact(fields);
    setErrors(found);
    if (Object.keys(found).length) return;
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
    setStatus(result.success ? 'success' : 'error');
  };

  return (
    <div className="page page--narrow">
      <header className="page__header">
        <h1>Contact us</h1>
        <p className="page__lead">Questions, feedback, or a titled player who wants to join? We answer every message by e-mail.</p>
      </header>
      <div className="card">
        {status === 'success' ? (
          <Banner kind="success">{MESSAGES.contactSuccess}</Banner>
        ) : (
          <form onSubmit={(e) => void submit(e)} noValidate>
            {status === 'error' && <Banner kind="error">{MESSAGES.contactError}</Banner>}
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
