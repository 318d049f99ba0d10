import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore, makeUser, renderPage } from '../test-support/fakes';
import ContactPage from './contact/ContactPage';
import SettingsPage from './settings/SettingsPage';
import TopUpPage from './topup/TopUpPage';

describe('ContactPage', () => {
  it('requires name, email and message but not the chess usernames', async () => {
    const { store, calls } = makeStore();
    renderPage(<ContactPage />, { store });
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the success text after sending all five fields', async () => {
    const { store, calls } = makeStore({ replies: { 'POST /api/contact_us': { body: { success: true } } } });
    renderPage(<ContactPage />, { store });
    await userEvent.type(screen.getByLabelText('Name'), 'Ann');
    await userEvent.type(screen.getByLabelText('Email'), 'a@b.c');
    await userEvent.type(screen.getByLabelText('Message'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText("Thank you for your message! We'll get back to you soon.")).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ name: 'Ann', email: 'a@b.c', lichess: '', chesscom: '', message: 'Hello' });
  });

  it("shows the server's 429 message with the wait time, and a malformed e-mail on its field", async () => {
    const message = 'Too many attempts. Please try again in 9 minutes.';
    const { store, calls } = makeStore({ replies: { 'POST /api/contact_us': { status: 429, body: { success: false, error: 'ERR_RATE_LIMITED', message } } } });
    renderPage(<ContactPage />, { store });
    await userEvent.type(screen.getByLabelText('Name'), 'Ann');
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-address');
    await userEvent.type(screen.getByLabelText('Message'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is not valid');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(calls).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'a@b.c');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('shows the failure text when the server fails', async () => {
    const { store } = makeStore({ replies: { 'POST /api/contact_us': { status: 500, body: { success: false, error: 'ERR_INTERNAL' } } } });
    renderPage(<ContactPage />, { store });
    await userEvent.type(screen.getByLabelText('Name'), 'Ann');
    await userEvent.type(screen.getByLabelText('Email'), 'a@b.c');
    await userEvent.type(screen.getByLabelText('Message'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, there was an error sending your message. Please try again later.');
  });
});

describe('TopUpPage', () => {
  it('shows only its own text for a failed checkout, never a message from the URL', () => {
    const { store } = makeStore({ user: makeUser() });
    renderPage(<TopUpPage />, { store, route: '/?status=error&error=ERR_PAYMENT_PROVIDER&message=Your%20account%20is%20locked%2C%20call%20555-0100' });
    expect(screen.getByText('The card payment service is not answering. Please try again in a few minutes.')).toBeInTheDocument();
    expect(screen.queryByText(/555-0100/)).not.toBeInTheDocument();
  });

  it('an unknown error code falls back to the general text', () => {
    const { store } = makeStore({ user: makeUser() });
    renderPage(<TopUpPage />, { store, route: '/?status=error&error=<b>x</b>' });
    expect(screen.getByText('We could not start the payment. Please try again.')).toBeInTheDocument();
  });

  it('defaults to 10 credits and shows the discounted price live', async () => {
    const { store } = makeStore({ user: makeUser() });
    renderPage(<TopUpPage />, { store });
    const input = screen.getByLabelText(/Credits amount/);
    expect(input).toHaveValue(10);
    expect(screen.getByTestId('topup-price')).toHaveTextContent('$10.00');
    await userEvent.clear(input);
    await userEvent.type(input, '300');
    expect(screen.getByTestId('topup-price')).toHaveTextContent('$255.00');
  });

  it('gives the min and max messages', async () => {
    const { store } = makeStore({ user: makeUser() });
    renderPage(<TopUpPage />, { store });
    const input = screen.getByLabelText(/Credits amount/);
    await userEvent.clear(input);
    await userEvent.type(input, '4');
    expect(screen.getByText('Minimal amount is 5 USD')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '501');
    expect(screen.getByText('Maximal amount is 500 USD')).toBeInTheDocument();
  });

  it('posts token and credits to create_checkout_session', () => {
    const { store } = makeStore({ user: makeUser() });
    const { container } = renderPage(<TopUpPage />, { store });
    const form = container.querySelector('form');
    expect(form).toHaveAttribute('action', '/api/create_checkout_session');
    expect(form).toHaveAttribute('method', 'POST');
    expect(container.querySelector('input[name="token"]')).toHaveValue('tok-123');
    expect(container.querySelector('input[name="credits"]')).toHaveValue(10);
  });

  it('says so on return with status=success or canceled', () => {
    const { store } = makeStore({ user: makeUser() });
    renderPage(<TopUpPage />, { store, path: '/topup', route: '/topup?status=canceled' });
    expect(screen.getByRole('status')).toHaveTextContent('Payment canceled');
  });
});

describe('SettingsPage', () => {
  it('shows a titled player their title read-only (set by an admin); an admin gets the choice', () => {
    const { store } = makeStore({ user: makeUser({ role: 'pro', title: 'IM' }) });
    renderPage(<SettingsPage />, { store });
    const title = screen.getByLabelText('Title');
    expect(title).toHaveValue('IM');
    expect(title).toHaveAttribute('readonly');
    expect(title).toHaveAccessibleDescription('Set by our team when your title is verified. Contact us to change it.');
  });

  it('an admin chooses the title from the list', () => {
    const { store } = makeStore({ user: makeUser({ role: 'admin', title: null }) });
    renderPage(<SettingsPage />, { store });
    expect(screen.getByLabelText('Title').tagName).toBe('SELECT');
  });

  const replies = { 'GET /api/get_transactions': { body: { success: true, transactions: [], entries: [] } } };

  it('shows the reduced form to a regular user', () => {
    const { store } = makeStore({ user: makeUser(), replies });
    renderPage(<SettingsPage />, { store });
    expect(screen.getByLabelText('First name')).toBeInTheDocument();
    expect(screen.getByLabelText('Timezone')).toBeInTheDocument();
    expect(screen.getByLabelText('Lichess username')).toBeInTheDocument();
    expect(screen.queryByLabelText('Title')).toBeNull();
    expect(screen.queryByLabelText(/Price per minute/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Add Credits Now' })).toHaveAttribute('href', '/topup');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('checks the pro rules: price required and max not below min', async () => {
    const { store, calls } = makeStore({ user: makeUser({ role: 'pro', pricePerMin: 0, minsPerSideMin: 10, minsPerSideMax: 60 }), replies });
    renderPage(<SettingsPage />, { store });
    const max = screen.getByLabelText('Maximum minutes per side');
    await userEvent.clear(max);
    await userEvent.type(max, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByText('Price per minute is required')).toBeInTheDocument();
    expect(screen.getByText("The higher value can't be less than the lower value.")).toBeInTheDocument();
    await userEvent.clear(max);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByText('Minutes per side is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/save_settings')).toHaveLength(0);
  });

  it('toggles the online schedule between none and 08:00 to 23:00 with 15-minute choices', async () => {
    const { store } = makeStore({ user: makeUser({ role: 'pro', pricePerMin: 1 }), replies });
    renderPage(<SettingsPage />, { store });
    await userEvent.click(screen.getByLabelText(/Online schedule/));
    expect(screen.getByLabelText('From')).toHaveValue('08:00');
    expect(screen.getByLabelText('To')).toHaveValue('23:00');
    expect(screen.getByLabelText('From').querySelectorAll('option')).toHaveLength(96 + 1);
    await userEvent.click(screen.getByLabelText(/Online schedule/));
    expect(screen.queryByLabelText('From')).toBeNull();
  });

  it('shows a top-up as one statement line and a game with its details', async () => {
    const topUp = { id: 9, created_at: '2026-11-23T10:00:00.000Z', kind: 'topup', description: 'Added 100.00 credits (paid US$90.00, 10% off)', amount: 100, lines: [] };
    const game = {
      id: 12,
      created_at: '2026-11-23T11:00:00.000Z',
      kind: 'purchase',
      description: 'Game #7: 5+0, paid $5.00',
      amount: -5,
      lines: [
        { id: 12, created_at: '2026-11-23T11:00:00.000Z', reason: 'release', account: 'available', amount: 2.5, balance_after: 97.5, description: 'Unused part of a hold returned' },
        { id: 11, created_at: '2026-11-23T11:00:00.000Z', reason: 'capture', account: 'held', amount: -5, balance_after: 0, description: 'Game #7: 5+0' },
        { id: 10, created_at: '2026-11-23T10:59:00.000Z', reason: 'hold', account: 'available', amount: -7.5, balance_after: 92.5, description: 'Hold for a 5+0 challenge to 2 players (up to $7.50)' },
      ],
    };
    const { store } = makeStore({ user: makeUser(), replies: { ...replies, 'GET /api/get_transactions': { body: { success: true, entries: [game, topUp] } } } });
    renderPage(<SettingsPage />, { store });
    const rows = await screen.findAllByTestId('statement-entry');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Game #7: 5+0, paid $5.00'),
      expect.stringContaining('Added 100.00 credits (paid US$90.00, 10% off)+$100.00'),
    ]);
    expect(rows[0]).toHaveTextContent('-$5.00');
    expect(rows[0]).toHaveTextContent('Game #7: 5+0: -$5.00 (reserved credits)');
    expect(rows[1]?.querySelector('details')).toBeNull();
  });

  it('saves as query parameters, shows the success banner for 3 s', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { store, calls } = makeStore({
      user: makeUser({ role: 'pro', pricePerMin: 1.5 }),
      replies: { ...replies, 'POST /api/save_settings': { body: { success: true, user: makeUser({ role: 'pro', pricePerMin: 1.5 }) } } },
    });
    renderPage(<SettingsPage />, { store });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    // Said twice: the banner at the top and the live region by the button, where the eye is on this long form.
    await waitFor(() => expect(screen.getAllByText('Settings saved successfully!')).toHaveLength(2));
    expect(screen.getByTestId('form-status')).toHaveTextContent('Settings saved successfully!');
    const call = calls.find((c) => c.path === '/api/save_settings');
    expect(call?.query.get('pricePerMin')).toBe('1.5');
    expect(call?.query.get('onlineScheduleFrom')).toBe('');
    act(() => jest.advanceTimersByTime(3000));
    await waitFor(() => expect(screen.queryAllByText('Settings saved successfully!')).toHaveLength(0));
    jest.useRealTimers();
  });

  it("shows 'Error while saving data.' when saving fails", async () => {
    const { store } = makeStore({
      user: makeUser(),
      replies: { ...replies, 'POST /api/save_settings': { status: 500, body: { success: false, error: 'ERR_INTERNAL' } } },
    });
    renderPage(<SettingsPage />, { store });
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error while saving data.');
    expect(screen.getByTestId('form-status')).toHaveTextContent('Error while saving data.');
    // No field is wrong: the eye is taken to the banner, which may be far above the button.
    expect(screen.getByRole('alert')).toHaveFocus();
  });

  it('moves focus to the first invalid field and scrolls it into view, on every failed submit', async () => {
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      const { store, calls } = makeStore({ user: makeUser({ role: 'pro', pricePerMin: 1.5 }), replies });
      renderPage(<SettingsPage />, { store });
      const price = screen.getByLabelText('Price per minute (US$)');
      await userEvent.clear(price);
      await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(price).toHaveFocus();
      expect(price).toHaveAccessibleDescription(expect.stringContaining('Price per minute is required'));
      expect(scrolled).toContain(price);
      await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(price).toHaveFocus();
      expect(scrolled.filter((e) => e === price)).toHaveLength(2);
      expect(calls.some((c) => c.path === '/api/save_settings')).toBe(false);
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });
});
