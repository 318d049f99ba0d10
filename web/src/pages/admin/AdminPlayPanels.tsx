import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { LIVE_STATUSES } from '../../../../domain/challenges';
import { SESSION_STATUSES } from '../../../../domain/scheduled-sessions';
import { Banner, Button, SelectInput, TextInput } from '../../design';
import { formatCredits } from '../../shell/nav';
import type { AdminGame, AdminLedgerLine, AdminListFilter, AdminParty, AdminSession } from '../../stores/AdminStore';
import { useStores } from '../../stores/StoresContext';
import { ConfirmDialog, type PendingAction } from './ConfirmDialog';

const STATUS_WORDS: Record<string, string> = {
  pending: 'Waiting for an answer',
  accepted: 'Accepted (game on)',
  rejected: 'Declined',
  canceled: 'Canceled',
  expired: 'Expired',
  finished: 'Finished',
  pending_schedule: 'Waiting for the player to confirm',
  scheduled: 'Scheduled',
  disputed: 'Problem reported',
};

function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';
}

function party(p: AdminParty | null): string {
  return p ? `${p.name} (${p.email}, id ${p.id})` : 'deleted user';
}

/** The money of one game or session, line by line, as the ledger holds it. */
function LedgerLines({ lines }: { lines: AdminLedgerLine[] }) {
  if (lines.length === 0) return <p className="muted">No money moved.</p>;
  return (
    <table className="admin-ledger">
      <caption className="visually-hidden">Ledger lines</caption>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">What</th>
          <th scope="col">From → to</th>
          <th scope="col" className="num">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={l.id}>
            <td>{when(l.created_at)}</td>
            <td>{l.description}</td>
            <td className="admin-ledger__accounts">
              {l.from} → {l.to}
            </td>
            <td className="num">{formatCredits(l.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function FilterBar({ statuses, filter, onApply, label }: { statuses: readonly string[]; filter: AdminListFilter; onApply: (f: AdminListFilter) => void; label: string }) {
  const [status, setStatus] = useState(filter.status);
  const [userId, setUserId] = useState(filter.userId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply({ status, userId: userId.replace(/\D/g, '') });
  };
  return (
    <form className="card admin-filter" onSubmit={submit} aria-label={`Filter ${label}`}>
      <SelectInput label="Status" value={status} onChange={(e) => setStatus(e.target.value)}>
        <option value="">Any status</option>
        {statuses.map((s) => (
          <option key={s} value={s}>
            {STATUS_WORDS[s] ?? s}
          </option>
        ))}
      </SelectInput>
      <TextInput label="User id (either side)" inputMode="numeric" value={userId} onChange={(e) => setUserId(e.target.value)} />
      <Button type="submit">Show</Button>
    </form>
  );
}

/** Games: filter, each game's people and money, and "Cancel and refund" for a game stuck after its accept. */
export const GamesPanel = observer(function GamesPanel() {
  const { admin } = useStores();
  const [filter, setFilter] = useState<AdminListFilter>({ status: 'accepted', userId: '' });
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  useEffect(() => {
    void admin.loadGames(filter);
  }, [admin, filter]);

  const cancel = (game: AdminGame) =>
    setPending({
      title: 'Cancel the game and refund?',
      body: (
        <p>
          Game #{game.id} ({game.mins_per_side}+{game.increment_secs}) between {party(game.source)} and {party(game.target)} is canceled, and{' '}
          <strong>{formatCredits(game.price)}</strong> goes back to {game.source?.name ?? 'the player who paid'}. The titled player is not paid.
        </p>
      ),
      confirmLabel: `Cancel and refund ${formatCredits(game.price)}`,
      run: async () => {
        const outcome = await admin.cancelGame(game.id);
        setMessage(outcome.ok ? { kind: 'success', text: `Game #${game.id} canceled; ${formatCredits(game.price)} refunded.` } : { kind: 'error', text: outcome.message });
      },
    });

  return (
    <section aria-labelledby="admin-games">
      <h2 id="admin-games">Games</h2>
      <FilterBar statuses={LIVE_STATUSES} filter={filter} onApply={setFilter} label="games" />
      {message && <Banner kind={message.kind}>{message.text}</Banner>}
      {admin.gamesState === 'error' && <Banner kind="error">{admin.listError ?? 'The list could not load.'}</Banner>}
      {admin.gamesState === 'loaded' && admin.games.length === 0 && <p className="muted">No games match.</p>}
      <ul className="admin-items">
        {admin.games.map((game) => (
          <li key={game.id} className="card admin-item" data-testid="admin-game">
            <div className="admin-item__head">
              <strong>
                Game #{game.id} · {game.mins_per_side}+{game.increment_secs} · {formatCredits(game.price)}
              </strong>
              <span className="badge badge--muted">{STATUS_WORDS[game.status] ?? game.status}</span>
            </div>
            <p>
              From {party(game.source)} to {party(game.target)}. Sent {when(game.created_at)}.
              {game.game_url && (
                <>
                  {' '}
                  <a href={game.game_url} target="_blank" rel="noopener noreferrer">
                    Open the game
                  </a>
                </>
              )}
            </p>
            <LedgerLines lines={game.ledger} />
            {game.status === 'accepted' && (
              <Button type="button" variant="secondary" onClick={() => cancel(game)}>
                Cancel and refund
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog pending={pending} onClose={() => setPending(null)} />
    </section>
  );
});

/** Sessions: filter, each session's people and money, and pay out or refund a disputed one. */
export const SessionsPanel = observer(function SessionsPanel() {
  const { admin } = useStores();
  const [filter, setFilter] = useState<AdminListFilter>({ status: 'disputed', userId: '' });
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  useEffect(() => {
    void admin.loadSessions(filter);
  }, [admin, filter]);

  const resolve = (session: AdminSession, outcome: 'pay' | 'refund') =>
    setPending({
      title: outcome === 'pay' ? 'Pay the titled player?' : 'Refund the player?',
      body:
        outcome === 'pay' ? (
          <p>
            Session #{session.id}: <strong>{formatCredits(session.price)}</strong> (less the platform fee) goes to {party(session.target)}. The report is closed.
          </p>
        ) : (
          <p>
            Session #{session.id}: <strong>{formatCredits(session.price)}</strong> goes back to {party(session.source)}. The titled player is not paid.
          </p>
        ),
      confirmLabel: outcome === 'pay' ? 'Pay out' : `Refund ${formatCredits(session.price)}`,
      run: async () => {
        const result = await admin.resolveSession(session.id, outcome);
        setMessage(
          result.ok
            ? { kind: 'success', text: outcome === 'pay' ? `Session #${session.id} paid out.` : `Session #${session.id} refunded.` }
            : { kind: 'error', text: result.message },
        );
        if (result.ok) void admin.loadSessions(filter);
      },
    });

  return (
    <section aria-labelledby="admin-sessions">
      <h2 id="admin-sessions">Training sessions</h2>
      <FilterBar statuses={SESSION_STATUSES} filter={filter} onApply={setFilter} label="sessions" />
      {message && <Banner kind={message.kind}>{message.text}</Banner>}
      {admin.sessionsState === 'error' && <Banner kind="error">{admin.listError ?? 'The list could not load.'}</Banner>}
      {admin.sessionsState === 'loaded' && admin.sessions.length === 0 && <p className="muted">No sessions match.</p>}
      <ul className="admin-items">
        {admin.sessions.map((session) => (
          <li key={session.id} className="card admin-item" data-testid="admin-session">
            <div className="admin-item__head">
              <strong>
                Session #{session.id} · {formatCredits(session.price)}
                {session.analysis_requested ? ' · with analysis' : ''}
              </strong>
              <span className="badge badge--muted">{STATUS_WORDS[session.status] ?? session.status}</span>
            </div>
            <p>
              Requested by {party(session.source)} with {party(session.target)}. Starts {when(session.scheduled_at)}.
            </p>
            {session.problem_report && (
              <blockquote className="admin-item__report">
                <strong>Reported problem:</strong> {session.problem_report}
              </blockquote>
            )}
            <LedgerLines lines={session.ledger} />
            {session.status === 'disputed' && (
              <div className="admin-item__actions">
                <Button type="button" variant="secondary" onClick={() => resolve(session, 'pay')}>
                  Pay the titled player
                </Button>
                <Button type="button" variant="secondary" onClick={() => resolve(session, 'refund')}>
                  Refund the player
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog pending={pending} onClose={() => setPending(null)} />
    </section>
  );
});
