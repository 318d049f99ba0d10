import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useStores } from '../../stores/StoresContext';

const REASONS: Record<string, string> = {
  topup: 'Top-up',
  hold: 'Reserved for a challenge',
  capture: 'Game paid',
  release: 'Reservation released',
  payout: 'Earnings',
  refund: 'Refund',
  fee: 'Platform fee',
  admin_adjustment: 'Adjustment',
};

function money(amount: number): string {
  const sign = amount < 0 ? '-' : '+';
  return `${sign}$${Math.abs(amount).toFixed(2)}`;
}

/** Recent credit movements (GET /api/get_transactions); an empty state when there are none or the call fails. */
export const Statement = observer(function Statement() {
  const { account } = useStores();
  useEffect(() => {
    void account.loadTransactions();
  }, [account]);
  if (!account.transactionsLoaded) return <p className="muted">Loading…</p>;
  if (account.transactions.length === 0) return <p className="muted">No credit movements yet.</p>;
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
        {account.transactions.map((t) => (
          <tr key={t.id}>
            <td>{new Date(t.created_at).toLocaleDateString(undefined, { month: 'short', day: 'numeric' })}</td>
            <td>{t.description || REASONS[t.reason] || t.reason}</td>
            <td className={`num ${t.amount < 0 ? 'neg' : 'pos'}`}>{money(t.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
});
