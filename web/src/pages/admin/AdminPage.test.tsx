import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore, makeUser, renderPage } from '../../test-support/fakes';
import AdminPage from './AdminPage';

const found = makeUser({ id: 9, email: 'gm@example.com', firstName: 'Garry', lastName: 'M', credits: 5 });

describe('AdminPage', () => {
  it('searches users, sets role and title, and adjusts credits with a reason', async () => {
    const { store, calls } = makeStore({
      user: makeUser({ role: 'admin' }),
      replies: {
        'GET /api/admin/users': { body: { success: true, users: [found] } },
        'POST /api/admin/set_role': { body: { success: true, user: { ...found, role: 'pro', title: 'GM' } } },
        'POST /api/admin/adjust_credits': { body: { success: true, user: { ...found, role: 'pro', title: 'GM', credits: 30 } } },
      },
    });
    renderPage(<AdminPage />, { store });
    await userEvent.type(screen.getByLabelText('Search users'), 'gm');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText(/gm@example.com/);
    expect(calls[0]?.query.get('query')).toBe('gm');

    await userEvent.selectOptions(screen.getByLabelText('Role'), 'pro');
    await userEvent.selectOptions(screen.getByLabelText('Title'), 'GM');
    await userEvent.click(screen.getByRole('button', { name: 'Save role' }));
    await screen.findByText('Role saved.');
    expect(calls[1]?.body).toEqual({ user_id: 9, role: 'pro', title: 'GM' });

    await userEvent.type(screen.getByLabelText(/^Amount/), '25');
    await userEvent.click(screen.getByRole('button', { name: 'Adjust credits' }));
    expect(screen.getByText('A reason is required.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Reason'), 'Goodwill');
    await userEvent.click(screen.getByRole('button', { name: 'Adjust credits' }));
    await waitFor(() => expect(screen.getByText(/New balance \$30.00/)).toBeInTheDocument());
    expect(calls[2]?.body).toEqual({ user_id: 9, amount: 25, reason: 'Goodwill' });
  });
});
