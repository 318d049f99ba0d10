import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import type { StatementEntry } from '../../stores/AccountStore';
import { useStores } from '../../stores/StoresContext';

function money(amount: number): string {
  if (amount === 0) return '$0.00';
  const sign = amount < 0 ? '-' : '+';
  return `${sign}$${Math.abs(amount).toFixed(2)}`;
}

function day(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
}

/** The movements behind one entry (a purchase's hold, charge and returned rest), for the curious. */
function EntryDetails({ entry }: { entry: StatementEntry }) {
  if (entry.kind !== 'purchase' || entry.lines.length < 2) return null;
  return (
    <details className="statement__details">
      <summary>Details</summary>
      <ul>
        {entry.lines.map((line) => (
          <li key={line.id}>
            {line.description}: {money(line.amount)}
            {line.account === 'held' ? ' (reserved credits)' : ''}
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * Recent credit movements (GET /api/get_transactions), one row per thing that happened: a top-up is one row
 * ("Added 100.00 credits (paid US$90.00, 10% off)"), a game or session is one row of its net cost with its
 * hold, charge and returned rest under Details. An empty state when there are none or the call fails.
 */
export const Statement = observer(function Statement() {
  const { account } = useStores();
  useEffect(() => {
    void account.loadTransactions();
  }, [account]);
  if (!account.transactionsLoaded) return <p className="muted">Loading…</p>;
  if (account.statement.length === 0) return <p className="muted">No credit movements yet.</p>;
  return (
    <table className="statement">
      <caption className="visually-hidden">Recent credit movements</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Description</th>
          <th scope="col" className="num">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {account.statement.map((entry) => (
          <tr key={entry.id} data-testid="statement-entry">
            <td>{day(entry.created_at)}</td>
            <td>
              {entry.description}
              <EntryDetails entry={entry} />
            </td>
            <td className={`num ${entry.amount < 0 ? 'neg' : 'pos'}`}>{money(entry.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
});
