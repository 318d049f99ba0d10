import { formatUsd } from '../../domain/money';
import { escapeHtml } from '../http/spa/index-html';
import type { TopUp } from '../../application/ports/payments';


/** The development stand-in for a hosted card checkout page: what is bought, what it costs, Pay or Cancel. */
export function devCheckoutPage(topUp: TopUp): string {
  const id = encodeURIComponent(topUp.id);
  const settled = topUp.status !== 'pending';
  const discount = topUp.discountCents > 0 ? `<tr><th>Discount</th><td>&minus;${escapeHtml(formatUsd(topUp.discountCents))}</td></tr>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout (development)</title>
<style>
  :root { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d2433; background: #eef1f6; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 16px; box-sizing: border-box; }
  main { background: #fff; border-radius: 14px; box-shadow: 0 10px 30px rgba(20, 30, 60, .12); padding: 28px; width: 100%; max-width: 380px; }
  .badge { display: inline-block; font-size: 12px; letter-spacing: .06em; text-transform: uppercase; background: #fff4d6; color: #8a5a00; border-radius: 999px; padding: 3px 10px; }
  h1 { font-size: 22px; margin: 12px 0 18px; }
  table { width: 100%; border-collapse: collapse; margin-bottom: 22px; }
  th { text-align: left; font-weight: 500; color: #5b6478; padding: 6px 0; }
  td { text-align: right; padding: 6px 0; }
  tr.total th, tr.total td { border-top: 1px solid #e3e7ef; font-weight: 700; color: #1d2433; font-size: 18px; padding-top: 12px; }
  .actions { display: flex; gap: 10px; }
  button { flex: 1; font: inherit; font-weight: 600; border-radius: 10px; padding: 12px; cursor: pointer; border: 1px solid transparent; }
  button.pay { background: #2f6fed; color: #fff; }
  button.pay:hover { background: #245bd0; }
  button.cancel { background: #fff; color: #2f3a52; border-color: #cfd6e4; }
  button:focus-visible { outline: 3px solid #9dbbff; outline-offset: 2px; }
  form { flex: 1; display: flex; }
  p.note { color: #5b6478; font-size: 13px; margin: 18px 0 0; }
</style>
</head>
<body>
<main>
  <span class="badge">Development checkout</span>
  <h1>Add ${escapeHtml(formatUsd(topUp.creditsCents))} in credits</h1>
  <table>
    <tr><th>Credits</th><td>${escapeHtml(formatUsd(topUp.creditsCents))}</td></tr>
    ${discount}
    <tr class="total"><th>Price after discount</th><td data-testid="price">${escapeHtml(formatUsd(topUp.priceCents))}</td></tr>
  </table>
  ${
    settled
      ? `<p>This checkout is already ${escapeHtml(topUp.status)}.</p>`
      : `<div class="actions">
    <form method="post" action="/dev/checkout/${id}/pay"><button class="pay" type="submit">Pay ${escapeHtml(formatUsd(topUp.priceCents))}</button></form>
    <form method="post" action="/dev/checkout/${id}/cancel"><button class="cancel" type="submit">Cancel</button></form>
  </div>`
  }
  <p class="note">No card is charged: this page stands in for the payment provider in the development profile.</p>
</main>
</body>
</html>`;
}
