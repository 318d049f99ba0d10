import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore, makeUser, renderPage } from '../../test-support/fakes';
import { adminErrorText } from '../../stores/AdminStore';
import AdminPage from './AdminPage';

const found = { ...makeUser({ id: 9, email: 'gm@example.com', firstName: 'Garry', lastName: 'M', credits: 5 }), listingGaps: [] };

describe('AdminPage: users', () => {
  it('searches users, sets role and title and adjusts credits, each only after a confirmation naming the change', async () => {
    const { store, calls } = makeStore({
      user: makeUser({ role: 'admin' }),
      replies: {
        'GET /api/admin/users': { body: { success: true, users: [found] } },
        'POST /api/admin/set_role': { body: { success: true, user: { ...found, role: 'pro', title: 'GM', listingGaps: ['price per minute'] } } },
        'POST /api/admin/adjust_credits': { body: { success: true, user: { ...found, role: 'pro', title: 'GM', credits: 30 } } },
      },
    });
    renderPage(<AdminPage />, { store, path: '/admin/*', route: '/admin' });
    await userEvent.type(screen.getByLabelText('Search users'), 'gm');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText(/gm@example.com/);
    expect(calls[0]?.query.get('query')).toBe('gm');

    await userEvent.selectOptions(screen.getByLabelText('Role'), 'pro');
    await userEvent.selectOptions(screen.getByLabelText('Title'), 'GM');
    await userEvent.click(screen.getByRole('button', { name: 'Save role' }));
    const roleDialog = screen.getByRole('dialog', { name: 'Change the role?' });
    expect(roleDialog).toHaveTextContent('a titled player with the title GM');
    expect(calls).toHaveLength(1); // nothing sent before the yes
    await userEvent.click(within(roleDialog).getByRole('button', { name: 'Change role' }));
    await screen.findByText('Role saved.');
    expect(calls[1]?.body).toEqual({ user_id: 9, role: 'pro', title: 'GM' });
    // Promoted with no price: the admin is told why players do not see them yet.
    expect(screen.getByTestId('listing-gaps')).toHaveTextContent('Not shown to players yet: missing price per minute.');

    await userEvent.type(screen.getByLabelText(/^Amount/), '25');
    await userEvent.click(screen.getByRole('button', { name: 'Adjust credits' }));
    expect(screen.getByText('A reason is required.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Reason'), 'Goodwill');
    await userEvent.click(screen.getByRole('button', { name: 'Adjust credits' }));
    const dialog = screen.getByRole('dialog', { name: 'Add credits?' });
    expect(dialog).toHaveTextContent('Add $25.00 to Garry M (gm@example.com) for “Goodwill”. Their balance goes from $5.00 to $30.00.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Adjust credits' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add $25.00' }));
    await waitFor(() => expect(screen.getByText(/New balance \$30.00/)).toBeInTheDocument());
    expect(calls[2]?.body).toEqual({ user_id: 9, amount: 25, reason: 'Goodwill' });
  });

  it('says what went wrong in words, never the raw code', async () => {
    const { store } = makeStore({
      user: makeUser({ role: 'admin' }),
      replies: {
        'GET /api/admin/users': { body: { success: true, users: [found] } },
        'POST /api/admin/adjust_credits': { status: 402, body: { success: false, error: 'ERR_INSUFFICIENT_CREDITS', message: 'Insufficient credits' } },
      },
    });
    renderPage(<AdminPage />, { store, path: '/admin/*', route: '/admin' });
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText(/gm@example.com/);
    await userEvent.type(screen.getByLabelText(/^Amount/), '-50');
    await userEvent.type(screen.getByLabelText('Reason'), 'Chargeback');
    await userEvent.click(screen.getByRole('button', { name: 'Adjust credits' }));
    await userEvent.click(screen.getByRole('button', { name: 'Deduct $50.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The balance cannot go below zero: deduct at most what the user has.');
    expect(screen.queryByText(/ERR_/)).toBeNull();
  });
});

describe('adminErrorText', () => {
  it('names validation issues, keeps the server\'s state message, and has words for every other code', () => {
    expect(adminErrorText({ error: 'ERR_VALIDATION', body: { issues: [{ path: 'title', message: 'A titled player needs a title' }] } })).toBe('Please check: A titled player needs a title.');
    expect(adminErrorText({ error: 'ERR_CHALLENGE_STATE', body: { message: 'The session is no longer disputed' } })).toBe('The session is no longer disputed');
    expect(adminErrorText({ error: 'ERR_SOMETHING_NEW' })).toBe('Something went wrong. Refresh the list and try again.');
    expect(adminErrorText({ error: 'ERR_INTERNAL', body: { message: 'stack trace' } })).not.toMatch(/ERR_|stack/);
  });
});

const line = (id: number, description: string, amount: number) => ({ id, created_at: '2026-11-23T10:00:00.000Z', from: 'a', to: 'b', amount, reason: 'hold', description });

describe('AdminPage: games and sessions', () => {
  it('lists accepted games with their ledger lines and cancels a stuck one with a refund after confirming', async () => {
    const game = {
      id: 41,
      status: 'accepted',
      cancel_reason: null,
      source: { id: 2, name: 'Ann Amateur', email: 'ann@example.com' },
      target: { id: 3, name: 'IM Ivan Pro', email: 'ivan@example.com' },
      mins_per_side: 10,
      increment_secs: 0,
      price: 15,
      game_url: null,
      created_at: '2026-11-23T10:00:00.000Z',
      ledger: [line(1, 'Hold for a 10+0 challenge to 1 player (up to $15.00)', 15), line(2, 'Game #41: 10+0', 15)],
    };
    const { store, calls } = makeStore({
      user: makeUser({ role: 'admin' }),
      replies: {
        'GET /api/admin/challenges': { body: { success: true, challenges: [game] } },
        'POST /api/admin/cancel_game': { body: { success: true, challenge: { ...game, status: 'canceled', cancel_reason: 'admin_canceled' } } },
      },
    });
    renderPage(<AdminPage />, { store, path: '/admin/*', route: '/admin/games' });
    const item = await screen.findByTestId('admin-game');
    expect(calls[0]?.query.get('status')).toBe('accepted');
    expect(item).toHaveTextContent('Game #41: 10+0');
    expect(within(item).getAllByRole('row')).toHaveLength(3);
    await userEvent.click(within(item).getByRole('button', { name: 'Cancel and refund' }));
    expect(screen.getByRole('dialog', { name: 'Cancel the game and refund?' })).toHaveTextContent('$15.00 goes back to Ann Amateur');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel and refund $15.00' }));
    await screen.findByText('Game #41 canceled; $15.00 refunded.');
    expect(calls.find((c) => c.path === '/api/admin/cancel_game')?.body).toEqual({ challenge_id: 41 });
    expect(within(screen.getByTestId('admin-game')).queryByRole('button', { name: 'Cancel and refund' })).toBeNull();
  });

  it('filters sessions by user and resolves a disputed one by paying the titled player', async () => {
    const session = {
      id: 7,
      status: 'disputed',
      source: { id: 2, name: 'Ann Amateur', email: 'ann@example.com' },
      target: { id: 3, name: 'IM Ivan Pro', email: 'ivan@example.com' },
      price: 45,
      analysis_requested: false,
      scheduled_at: '2026-11-22T10:00:00.000Z',
      problem_report: 'The player did not come',
      created_at: '2026-11-20T10:00:00.000Z',
      ledger: [],
    };
    const { store, calls } = makeStore({
      user: makeUser({ role: 'admin' }),
      replies: {
        'GET /api/admin/sessions': { body: { success: true, sessions: [session, { id: 'bad' }] } },
        'POST /api/admin/resolve_session': { body: { success: true, status: 'finished' } },
      },
    });
    renderPage(<AdminPage />, { store, path: '/admin/*', route: '/admin/sessions' });
    const item = await screen.findByTestId('admin-session');
    expect(screen.getAllByTestId('admin-session')).toHaveLength(1); // the malformed item is dropped
    expect(item).toHaveTextContent('Reported problem: The player did not come');
    await userEvent.type(screen.getByLabelText('User id (either side)'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/admin/sessions').at(-1)?.query.get('user_id')).toBe('2'));
    await userEvent.click(within(screen.getByTestId('admin-session')).getByRole('button', { name: 'Pay the titled player' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay out' }));
    await screen.findByText('Session #7 paid out.');
    expect(calls.find((c) => c.path === '/api/admin/resolve_session')?.body).toEqual({ challenge_id: 7, outcome: 'pay' });
  });
});
