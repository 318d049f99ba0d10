import { useState, type FormEvent } from 'react';
import { TITLES } from '../../../../domain/limits';
import { displayName, type Role } from '../../api/user';
import { Banner, Button, SelectInput, TextInput } from '../../design';
import { formatCredits } from '../../shell/nav';
import type { AdminUser } from '../../stores/AdminStore';
import { useStores } from '../../stores/StoresContext';
import { ConfirmDialog, type PendingAction } from './ConfirmDialog';

const ROLE_WORDS: Record<Role, string> = { regular: 'a regular player', pro: 'a titled player', admin: 'an admin' };

/** One user in the admin list: set role and title, adjust credits with a reason; each change confirmed first. */
export function AdminUserRow({ user }: { user: AdminUser }) {
  const { admin } = useStores();
  const [role, setRole] = useState<Role>(user.role);
  const [title, setTitle] = useState(user.title ?? '');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const who = displayName(user);

  const saveRole = (e: FormEvent) => {
    e.preventDefault();
    if (role === 'pro' && !title) {
      setMessage({ kind: 'error', text: 'A titled player needs a title: choose one first.' });
      return;
    }
    setPending({
      title: 'Change the role?',
      body: (
        <p>
          Make <strong>{who}</strong> ({user.email}) {ROLE_WORDS[role]}
          {role === 'pro' ? ` with the title ${title}` : ''}?{role === 'pro' ? ' They appear to players once their price is set.' : ''}
        </p>
      ),
      confirmLabel: 'Change role',
      run: async () => {
        setBusy(true);
        const outcome = await admin.setRole(user.id, role, title || null);
        setBusy(false);
        setMessage(outcome.ok ? { kind: 'success', text: 'Role saved.' } : { kind: 'error', text: outcome.message });
      },
    });
  };

  const adjust = (e: FormEvent) => {
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
    const dollars = Math.round(value * 100) / 100;
    setPending({
      title: dollars > 0 ? 'Add credits?' : 'Deduct credits?',
      body: (
        <p>
          {dollars > 0 ? 'Add' : 'Deduct'} <strong>{formatCredits(Math.abs(dollars))}</strong> {dollars > 0 ? 'to' : 'from'} {who} ({user.email}) for
          “{reason.trim()}”. Their balance goes from {formatCredits(user.credits)} to {formatCredits(user.credits + dollars)}.
        </p>
      ),
      confirmLabel: dollars > 0 ? `Add ${formatCredits(dollars)}` : `Deduct ${formatCredits(-dollars)}`,
      run: async () => {
        setBusy(true);
        const outcome = await admin.adjustCredits(user.id, dollars, reason.trim());
        setBusy(false);
        if (outcome.ok) {
          setAmount('');
          setReason('');
          setMessage({ kind: 'success', text: `Credits adjusted. New balance ${formatCredits(outcome.value.credits)}.` });
        } else setMessage({ kind: 'error', text: outcome.message });
      },
    });
  };

  return (
    <li className="card admin-user">
      <div className="admin-user__head">
        <div>
          <strong>
            {user.title && <span className="badge">{user.title}</span>} {`${user.firstName} ${user.lastName}`.trim() || '(no name)'}
          </strong>
          <div className="muted">
            {user.email} · id {user.id} · {user.role}
          </div>
          {user.listingGaps.length > 0 && (
            <p className="admin-user__gaps" data-testid="listing-gaps">
              Not shown to players yet: missing {user.listingGaps.join(', ')}.
            </p>
          )}
        </div>
        <div className="admin-user__credits">{formatCredits(user.credits)}</div>
      </div>
      {message && <Banner kind={message.kind}>{message.text}</Banner>}
      <div className="admin-user__forms">
        <form onSubmit={saveRole} className="admin-inline" aria-label={`Role of ${user.email}`}>
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
        <form onSubmit={adjust} className="admin-inline" aria-label={`Credits of ${user.email}`}>
          <TextInput label="Amount (US$, negative to deduct)" type="number" step={0.01} value={amount} onChange={(e) => setAmount(e.target.value)} />
          <TextInput label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} />
          <Button type="submit" variant="secondary" disabled={busy}>
            Adjust credits
          </Button>
        </form>
      </div>
      <ConfirmDialog pending={pending} onClose={() => setPending(null)} />
    </li>
  );
}
