import { useState, type FormEvent } from 'react';
import { TITLES } from '../../../../domain/limits';
import type { Role, User } from '../../api/user';
import { Banner, Button, SelectInput, TextInput } from '../../design';
import { formatCredits } from '../../shell/nav';
import { useStores } from '../../stores/StoresContext';

/** One user in the admin list, with set-role-and-title and adjust-credits forms. */
export function AdminUserRow({ user }: { user: User }) {
  const { admin } = useStores();
  const [role, setRole] = useState<Role>(user.role);
  const [title, setTitle] = useState(user.title ?? '');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const saveRole = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const outcome = await admin.setRole(user.id, role, title || null);
    setBusy(false);
    setMessage(outcome.ok ? { kind: 'success', text: 'Role saved.' } : { kind: 'error', text: `Could not save the role (${outcome.error}).` });
  };

  const adjust = async (e: FormEvent) => {
    e.preventDefault();
    const value = Number(amount);
    if (!amount.trim() || !Number.isFinite(value) || value === 0) {
      setMessage({ kind: 'error', text: 'Enter a non-zero amount in US$.' });
      return;
    }
    if (!reason.trim()) {
      setMessage({ kind: 'error', text: 'A reason is required.' });
      return;
    }
    setBusy(true);
    const outcome = await admin.adjustCredits(user.id, Math.round(value * 100) / 100, reason.trim());
    setBusy(false);
    if (outcome.ok) {
      setAmount('');
      setReason('');
      setMessage({ kind: 'success', text: `Credits adjusted. New balance ${formatCredits(outcome.user.credits)}.` });
    } else setMessage({ kind: 'error', text: `Could not adjust credits (${outcome.error}).` });
  };

  return (
    <li className="card admin-user">
      <div className="admin-user__head">
        <div>
          <strong>
            {user.title && <span className="badge">{user.title}</span>} {`${user.firstName} ${user.lastName}`.trim() || '(no name)'}
          </strong>
          <div className="muted">
            {user.email} · id {user.id}
          </div>
        </div>
        <div className="admin-user__credits">{formatCredits(user.credits)}</div>
      </div>
      {message && <Banner kind={message.kind}>{message.text}</Banner>}
      <div className="admin-user__forms">
        <form onSubmit={(e) => void saveRole(e)} className="admin-inline" aria-label={`Role of ${user.email}`}>
          <SelectInput label="Role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
            <option value="regular">regular</option>
            <option value="pro">pro</option>
            <option value="admin">admin</option>
          </SelectInput>
          <SelectInput label="Title" value={title} onChange={(e) => setTitle(e.target.value)}>
            <option value="">None</option>
            {TITLES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </SelectInput>
          <Button type="submit" variant="secondary" disabled={busy}>
            Save role
          </Button>
        </form>
        <form onSubmit={(e) => void adjust(e)} className="admin-inline" aria-label={`Credits of ${user.email}`}>
          <TextInput label="Amount (US$, negative to deduct)" type="number" step={0.01} value={amount} onChange={(e) => setAmount(e.target.value)} />
          <TextInput label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} />
          <Button type="submit" variant="secondary" disabled={busy}>
            Adjust credits
          </Button>
        </form>
      </div>
    </li>
  );
}
