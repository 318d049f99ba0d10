import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore, makeUser, renderPage } from '../../test-support/fakes';
import LoginPage from './LoginPage';
import ResetPasswordPage from './ResetPasswordPage';
import SetPasswordPage from './SetPasswordPage';
import SignupPage from './SignupPage';

const home = { path: '/', element: <h1>Home</h1> };

describe('LoginPage', () => {
  it('requires email and password', async () => {
    const { store, calls } = makeStore();
    renderPage(<LoginPage />, { path: '/login', route: '/login', store });
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows 'Password or email are wrong.' on the password field for ERR_USER_PASS", async () => {
    const { store } = makeStore({ replies: { 'POST /api/login': { status: 401, body: { success: false, error: 'ERR_USER_PASS' } } } });
    renderPage(<LoginPage />, { path: '/login', route: '/login', store });
    await userEvent.type(screen.getByLabelText('Email'), 'a@b.c');
    await userEvent.type(screen.getByLabelText('Password'), 'wrongpass');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password).toHaveAccessibleDescription('Password or email are wrong.'));
  });

  it('shows the server\'s rate-limit message with the wait, as it is', async () => {
    const message = 'Too many attempts. Please try again in 15 minutes.';
    const { store } = makeStore({ replies: { 'POST /api/login': { status: 429, body: { success: false, error: 'ERR_RATE_LIMITED', message } } } });
    renderPage(<LoginPage />, { path: '/login', route: '/login', store });
    await userEvent.type(screen.getByLabelText('Email'), 'a@b.c');
    await userEvent.type(screen.getByLabelText('Password'), 'wrongpass');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('names a malformed e-mail on its field and focuses it, without calling the server', async () => {
    const { store, calls } = makeStore();
    renderPage(<LoginPage />, { path: '/login', route: '/login', store });
    await userEvent.type(screen.getByLabelText('Email'), 'ann.example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'password1');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is not valid');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it("shows 'Unexpected error, try again.' for any other error", async () => {
    const { store } = makeStore({ replies: { 'POST /api/login': { status: 500, body: { success: false, error: 'ERR_INTERNAL' } } } });
    renderPage(<LoginPage />, { path: '/login', route: '/login', store });
    await userEvent.type(screen.getByLabelText('Email'), 'a@b.c');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever1');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unexpected error, try again.');
  });

  it('stores user and token and goes to / on success', async () => {
    const { store } = makeStore({ replies: { 'POST /api/login': { body: { success: true, user: makeUser(), token: 'T' } } } });
    renderPage(<LoginPage />, { path: '/login', route: '/login', store, extra: [home] });
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'password1');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe('T');
  });
});

describe('SignupPage', () => {
  it('requires at least 8 characters of password', async () => {
    const { store, calls } = makeStore();
    renderPage(<SignupPage />, { path: '/signup', route: '/signup', store });
    await userEvent.type(screen.getByLabelText('Email'), 'a@b.c');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows 'Email already exists.' on the email field and sends the browser timezone", async () => {
    const { store, calls } = makeStore({ replies: { 'POST /api/signup': { status: 409, body: { success: false, error: 'ERR_USER_EXISTS' } } } });
    renderPage(<SignupPage />, { path: '/signup', route: '/signup', store });
    await userEvent.type(screen.getByLabelText('Email'), 'a@b.c');
    await userEvent.type(screen.getByLabelText(/^Password/), 'longenough');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email already exists.'));
    expect(calls[0]?.body).toMatchObject({ email: 'a@b.c', password: 'longenough' });
    expect(calls[0]?.body).toHaveProperty('timezone');
  });
});

describe('SignupPage, server-side messages', () => {
  it("puts the server's validation issues on their fields, not in a generic banner", async () => {
    const { store } = makeStore({
      replies: {
        'POST /api/signup': {
          status: 400,
          body: { success: false, error: 'ERR_VALIDATION', message: 'Invalid input', issues: [{ path: 'email', message: 'Email is not valid' }] },
        },
      },
    });
    renderPage(<SignupPage />, { path: '/signup', route: '/signup', store });
    await userEvent.type(screen.getByLabelText('Email'), 'a@b.c');
    await userEvent.type(screen.getByLabelText('Password'), 'longenough');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is not valid'));
    expect(screen.queryByText('Unexpected error, try again.')).toBeNull();
    expect(screen.queryByText(/ERR_/)).toBeNull();
  });

  it("shows the server's 429 message with the wait time", async () => {
    const message = 'Too many attempts. Please try again in 12 minutes.';
    const { store } = makeStore({ replies: { 'POST /api/signup': { status: 429, body: { success: false, error: 'ERR_RATE_LIMITED', message } } } });
    renderPage(<SignupPage />, { path: '/signup', route: '/signup', store });
    await userEvent.type(screen.getByLabelText('Email'), 'a@b.c');
    await userEvent.type(screen.getByLabelText('Password'), 'longenough');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('alert')).toHaveFocus();
  });
});

describe('ResetPasswordPage', () => {
  it("shows 'No such email exists.' for ERR_NO_USER", async () => {
    const { store } = makeStore({ replies: { 'POST /api/reset_password': { status: 404, body: { success: false, error: 'ERR_NO_USER' } } } });
    renderPage(<ResetPasswordPage />, { store });
    await userEvent.type(screen.getByLabelText('Email'), 'x@y.z');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('No such email exists.'));
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('requires the email and reaches the success state', async () => {
    const { store } = makeStore({ replies: { 'POST /api/reset_password': { body: { success: true } } } });
    renderPage(<ResetPasswordPage />, { store });
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'x@y.z');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(/Check your inbox/)).toBeInTheDocument();
  });
});

describe('SetPasswordPage', () => {
  it('shows the invalid-link message without a token', () => {
    const { store } = makeStore();
    renderPage(<SetPasswordPage />, { path: '/set_password', route: '/set_password', store });
    expect(screen.getByRole('alert')).toHaveTextContent('This reset link is invalid or has expired. Please request a new one.');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('requires the confirmation and a match', async () => {
    const { store, calls } = makeStore();
    renderPage(<SetPasswordPage />, { path: '/set_password', route: '/set_password?token=abc', store });
    await userEvent.type(screen.getByLabelText(/^New password/), 'longenough');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Confirm password'), 'different1');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the invalid-link text for ERR_INVALID_TOKEN, and logs in on success', async () => {
    let ok = false;
    const { store, calls } = makeStore({
      replies: {
        'POST /api/set_password': () =>
          ok ? { body: { success: true, user: makeUser(), token: 'N' } } : { status: 400, body: { success: false, error: 'ERR_INVALID_TOKEN' } },
      },
    });
    renderPage(<SetPasswordPage />, { path: '/set_password', route: '/set_password?token=abc', store, extra: [home] });
    await userEvent.type(screen.getByLabelText(/^New password/), 'longenough');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'longenough');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is invalid or has expired.');
    expect(calls[0]?.body).toEqual({ token: 'abc', password: 'longenough' });
    ok = true;
    await act(async () => userEvent.click(screen.getByRole('button', { name: 'Set password' })));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(store.session.token).toBe('N');
  });
});
