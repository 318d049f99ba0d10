import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RequireAdmin, RequireAuth } from '../routes/guards';
import { makeStore, makeUser, renderPage } from '../test-support/fakes';
import { Footer } from './Footer';
import { Header } from './Header';

describe('Header', () => {
  it('shows Log In and Sign Up to a visitor and makes no user refresh', () => {
    const { store, calls } = makeStore();
    renderPage(<Header />, { store });
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    expect(calls).toHaveLength(0);
  });

  it('shows credits in US$ with two decimals linking to /topup, refreshed from load_user', async () => {
    const { store, calls } = makeStore({
      user: makeUser({ credits: 12.5 }),
      replies: { 'POST /api/load_user': { body: { success: true, user: makeUser({ credits: 100 }) } } },
    });
    renderPage(<Header />, { store });
    expect(screen.getByTestId('header-credits')).toHaveTextContent('$12.50');
    await waitFor(() => expect(screen.getByTestId('header-credits')).toHaveTextContent('$100.00'));
    expect(screen.getByTestId('header-credits').closest('a')).toHaveAttribute('href', '/topup');
    expect(calls[0]?.path).toBe('/api/load_user');
  });

  it('opens the profile menu with Edit My Account and Log out, reflecting aria-expanded', async () => {
    const { store } = makeStore({ user: makeUser(), replies: { 'POST /api/load_user': { body: { success: true, user: makeUser() } } } });
    renderPage(<Header />, { store });
    const button = screen.getByRole('button', { name: /Profile menu/ });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'Edit My Account' })).toHaveAttribute('href', '/settings');
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toBeInTheDocument();
  });

  it('logs out: calls /api/logout and clears both storage keys', async () => {
    const { store, calls } = makeStore({
      user: makeUser(),
      replies: { 'POST /api/load_user': { body: { success: true, user: makeUser() } }, 'POST /api/logout': { body: { success: true } } },
    });
    renderPage(<Header />, { store, extra: [{ path: '*', element: null }] });
    await userEvent.click(screen.getByRole('button', { name: /Profile menu/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(store.session.signedIn).toBe(false));
    expect(calls.some((c) => c.path === '/api/logout')).toBe(true);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it('toggles the burger menu with aria-expanded, listing the visitor links', async () => {
    const { store } = makeStore();
    renderPage(<Header />, { store });
    const burger = screen.getByRole('button', { name: 'Open menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(burger);
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    expect(menu).toBeVisible();
    for (const label of ['Play now', 'Log In', 'Sign Up', 'Players', 'About', 'Contact']) {
      expect(menu).toContainElement(screen.getAllByRole('link', { name: label }).find((a) => menu.contains(a)) ?? null);
    }
  });
});

describe('Header menus and the keyboard', () => {
  const signedIn = () => makeStore({ user: makeUser(), replies: { 'POST /api/load_user': { body: { success: true, user: makeUser() } } } });

  it('closes the burger menu on Escape, returning focus to the burger', async () => {
    const { store } = makeStore();
    renderPage(<Header />, { store });
    const burger = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(burger);
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(burger).toHaveFocus();
  });

  it('closes the burger menu on a click outside the header, not on a click inside the menu', async () => {
    const { store } = makeStore();
    renderPage(
      <>
        <Header />
        <p>Page body</p>
      </>,
      { store },
    );
    const burger = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(burger);
    await userEvent.click(screen.getByRole('navigation', { name: 'Menu' }));
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByText('Page body'));
    expect(burger).toHaveAttribute('aria-expanded', 'false');
  });

  it('moves through the profile menu with the arrow keys, Home and End, and closes it on Escape', async () => {
    const { store } = signedIn();
    renderPage(<Header />, { store });
    const button = screen.getByRole('button', { name: /Profile menu/ });
    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    const edit = screen.getByRole('menuitem', { name: 'Edit My Account' });
    const logOut = screen.getByRole('menuitem', { name: 'Log out' });
    expect(edit).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(logOut).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(edit).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(logOut).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(edit).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(logOut).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('opens the profile menu on ArrowUp at its last item', async () => {
    const { store } = signedIn();
    renderPage(<Header />, { store });
    screen.getByRole('button', { name: /Profile menu/ }).focus();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toHaveFocus();
  });

  it('uses the header texts everywhere: Log In, Sign Up, Log out, Play now', async () => {
    const { store } = makeStore();
    renderPage(<Header />, { store });
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const labels = screen.getAllByRole('link').map((a) => a.textContent?.trim());
    expect(labels).not.toContain('Log in');
    expect(labels).not.toContain('Sign up');
    expect(labels).not.toContain('Play');
    expect(labels.filter((l) => l === 'Log In')).toHaveLength(2);
  });
});

describe('Footer', () => {
  it('links About, Contact, Privacy and two social sites', () => {
    const { store } = makeStore();
    renderPage(<Footer />, { store });
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(screen.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('navigation', { name: 'Social' }).querySelectorAll('a')).toHaveLength(2);
  });
});

describe('route guards', () => {
  const login = { path: '/login', element: <h1>Login page</h1> };
  const home = { path: '/', element: <h1>Home</h1> };

  it('sends a visitor to /login', () => {
    const { store } = makeStore();
    renderPage(<RequireAuth><h1>Secret</h1></RequireAuth>, { path: '/settings', route: '/settings', store, extra: [login] });
    expect(screen.getByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });

  it('lets a signed-in user through', () => {
    const { store } = makeStore({ user: makeUser() });
    renderPage(<RequireAuth><h1>Secret</h1></RequireAuth>, { path: '/settings', route: '/settings', store, extra: [login] });
    expect(screen.getByRole('heading', { name: 'Secret' })).toBeInTheDocument();
  });

  it('sends a signed-in non-admin away from /admin to /', () => {
    const { store } = makeStore({ user: makeUser({ role: 'pro' }) });
    renderPage(<RequireAdmin><h1>Admin</h1></RequireAdmin>, { path: '/admin', route: '/admin', store, extra: [home] });
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });
});
