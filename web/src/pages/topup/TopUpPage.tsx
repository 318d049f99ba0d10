import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LIMITS } from '../../../../domain/limits';
import { MESSAGES } from '../../../../domain/messages';
import { formatUsd } from '../../../../domain/money';
import { Banner, Button, TextInput, useFocusFirstError } from '../../design';
import { checkTopUpAmount, topUpPrice } from '../../../../domain/topup';
import { formatCredits } from '../../shell/nav';
import { useStores } from '../../stores/StoresContext';
import './topup.css';

const { min, max, default: defaultCredits } = LIMITS.topUpCredits;
const QUICK_AMOUNTS = [10, 50, 100, 300];

/** The server's own rule (domain/topup.ts), so the form and the checkout cannot disagree. */
export function validateTopUp(raw: string): string | null {
  if (raw.trim() === '') return MESSAGES.topUpMin;
  const check = checkTopUpAmount(Number(raw));
  return check.ok ? null : check.message;
}

/**
 * The texts for a failed checkout, by the error code the server put in the return URL. Only these are ever shown:
 * text taken from the URL itself would let anyone link to /topup with a message of their choosing.
 */
const CHECKOUT_ERRORS: Record<string, string> = {
  ERR_VALIDATION: `Please choose an amount from ${min} to ${max} USD.`,
  ERR_UNAUTHORIZED: 'Your session has ended. Please log in again to add credits.',
  ERR_TOKEN_EXPIRED: 'Your session has ended. Please log in again to add credits.',
  ERR_PAYMENT_PROVIDER: 'The card payment service is not answering. Please try again in a few minutes.',
  ERR_RATE_LIMITED: 'Too many attempts. Please wait a few minutes and try again.',
};
export const CHECKOUT_ERROR_FALLBACK = 'We could not start the payment. Please try again.';

export function checkoutErrorText(code: string | null): string {
  return (code !== null && Object.hasOwn(CHECKOUT_ERRORS, code) ? CHECKOUT_ERRORS[code] : undefined) ?? CHECKOUT_ERROR_FALLBACK;
}

/** Add Credits: amount, live discounted price, a form POST to the payment provider, the return message. */
const TopUpPage = observer(function TopUpPage() {
  const { session, account } = useStores();
  const [params] = useSearchParams();
  const status = params.get('status');
  const [amount, setAmount] = useState(String(defaultCredits));
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const [attempt, setAttempt] = useState(0);
  useFocusFirstError(formRef, attempt);

  // After a successful payment the webhook may land a moment later: refresh the balance a few times.
  useEffect(() => {
    if (status !== 'success') return;
    void account.refreshUser();
    const timers = [2000, 5000].map((ms) => setTimeout(() => void account.refreshUser(), ms));
    return () => timers.forEach(clearTimeout);
  }, [status, account]);

  const check = amount.trim() === '' ? null : checkTopUpAmount(Number(amount));
  const price = check?.ok ? topUpPrice(check.creditsCents) : null;

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const found = validateTopUp(amount);
    setError(found);
    if (found) {
      e.preventDefault();
      setAttempt((n) => n + 1);
      return;
    }
    setSubmitting(true); // the browser now leaves for the payment page
  };

  return (
    <div className="page page--narrow">
      <Link to="/" className="back-link">
        ← Back
      </Link>
      <header className="page__header">
        <h1>Add Credits</h1>
        <p className="page__lead">
          Your balance: <strong>{formatCredits(session.user?.credits ?? 0)}</strong>. One credit is one US dollar.
        </p>
      </header>
      {status === 'success' && (
        <Banner kind="success">Payment received, thank you! Your credits have been added to your balance.</Banner>
      )}
      {status === 'canceled' && <Banner kind="info">Payment canceled. No money was taken from your card.</Banner>}
      {status === 'error' && (
        <Banner kind="error">{checkoutErrorText(params.get('error'))}</Banner>
      )}
      <form ref={formRef} className="card" method="POST" action="/api/create_checkout_session" onSubmit={onSubmit} noValidate>
        <input type="hidden" name="token" value={session.token ?? ''} />
        <div className="quick-amounts" role="group" aria-label="Quick amounts">
          {QUICK_AMOUNTS.map((q) => (
            <button
              key={q}
              type="button"
              className={`quick-amount${Number(amount) === q ? ' quick-amount--active' : ''}`}
              aria-pressed={Number(amount) === q}
              onClick={() => {
                setAmount(String(q));
                setError(null);
              }}
            >
              ${q}
            </button>
          ))}
        </div>
        <TextInput
          label="Credits amount (US$)"
          name="credits"
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={amount}
          error={error}
          hint="From 5 to 500. 10% off from 100 credits, 15% off from 300 credits."
          onChange={(e) => {
            setAmount(e.target.value);
            setError(validateTopUp(e.target.value));
          }}
        />
        <div className="price-box" aria-live="polite">
          {price ? (
            <>
              <div className="price-box__row">
                <span>Credits</span>
                <span>{formatUsd(price.creditsCents)}</span>
              </div>
              {price.discountPercent > 0 && (
                <div className="price-box__row price-box__row--discount">
                  <span>Discount ({price.discountPercent}%)</span>
                  <span>-{formatUsd(price.discountCents)}</span>
                </div>
              )}
              <div className="price-box__row price-box__total">
                <span>You pay</span>
                <span data-testid="topup-price">{formatUsd(price.priceCents)}</span>
              </div>
            </>
          ) : (
            <span className="muted">Enter an amount from 5 to 500.</span>
          )}
        </div>
        <Button type="submit" variant="accent" size="lg" block busy={submitting} disabled={submitting}>
          {price ? `Pay ${formatUsd(price.priceCents)}` : 'Pay'}
        </Button>
        <p className="field__hint topup-secure">Secure card payment. You are sent to the payment page and back here.</p>
      </form>
    </div>
  );
});

export default TopUpPage;
