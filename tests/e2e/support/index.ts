/**
 * Shared harness for the browser tests: one real server and one chromium per test file, a fresh browser
 * context per test, every uncaught page error collected and turned into a test failure.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromiumAvailable, launchChromium } from './browser';
import { runCli, startServer, type RunningServer } from './server';

export { chromiumAvailable, launchChromium, CHROMIUM_FLAGS, CHROMIUM_PATH } from './browser';
export { startServer, runCli, freePort, type RunningServer } from './server';

export interface E2E {
  server: RunningServer;
  browser: Browser;
  baseUrl: string;
  /** A fresh context + page at the given width; its page errors fail the test in `finish()`. */
  open(options?: { width?: number; height?: number; serviceWorkers?: 'allow' | 'block' }): Promise<Opened>;
  close(): Promise<void>;
}

export interface Opened {
  context: BrowserContext;
  page: Page;
  errors: string[];
  goto(path: string): Promise<void>;
  /** Closes the context and throws if any uncaught page error happened. */
  finish(): Promise<void>;
}

/** `describe` when chromium exists (or under CI, where its absence throws), `describe.skip` with a warning otherwise. */
export const describeE2E: jest.Describe = chromiumAvailable() ? describe : describe.skip;

export async function startE2E(): Promise<E2E> {
  const server = await startServer();
  let browser: Browser;
  try {
    browser = await launchChromium();
  } catch (error) {
    await server.stop();
    throw error;
  }
  const opened: Opened[] = [];
  return {
    server,
    browser,
    baseUrl: server.baseUrl,
    async open({ width = 1280, height = 900, serviceWorkers = 'allow' } = {}) {
      // 'block' lets page.route() see every request (a service worker would answer some from its cache first).
      const context = await browser.newContext({ viewport: { width, height }, baseURL: server.baseUrl, serviceWorkers });
      const page = await context.newPage();
      const errors: string[] = [];
      const track = (p: Page) => p.on('pageerror', (error) => errors.push(`${p.url()}: ${String(error)}`));
      track(page);
      context.on('page', track);
      const handle: Opened = {
        context,
        page,
        errors,
        goto: async (path) => {
          await page.goto(`${server.baseUrl}${path}`);
        },
        finish: async () => {
          await context.close().catch(() => undefined);
          if (errors.length) throw new Error(`Uncaught page errors:\n${errors.join('\n')}`);
        },
      };
      opened.push(handle);
      return handle;
    },
    async close() {
      for (const o of opened) await o.context.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
      await server.stop();
    },
  };
}

let counter = 0;
/** A unique e-mail address per call, so tests never collide inside one database. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Calls the API directly (JSON), for setting up state a test does not exercise through the UI. */
export async function api<T = Record<string, unknown>>(
  e2e: E2E,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T & { success: boolean; error?: string }> {
  const response = await fetch(`${e2e.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as T & { success: boolean; error?: string };
}

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** Waits for a mail to `to` in the development outbox (GET /dev/outbox.json?to=) and returns the newest. */
export async function waitForMail(e2e: E2E, to: string, timeoutMs = 15_000): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${e2e.baseUrl}/dev/outbox.json?to=${encodeURIComponent(to)}`);
    if (response.ok) {
      const { messages } = (await response.json()) as { messages: OutboxMail[] };
      if (messages.length) return messages[0]!;
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${to} in the outbox after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Creates an admin through the CLI and returns its session token. */
export async function createAdmin(e2e: E2E, email = uniqueEmail('admin'), password = 'admin-password-1'): Promise<{ email: string; password: string; token: string }> {
  await runCli(e2e.server, 'admin.js', ['create-admin', email, password]);
  const login = await api<{ token: string }>(e2e, '/api/login', { email, password });
  if (!login.success) throw new Error(`admin login failed: ${login.error}`);
  return { email, password, token: login.token };
}

/** Signs up through the API and returns the user id and token. */
export async function signUpByApi(e2e: E2E, email = uniqueEmail(), password = 'password-123'): Promise<{ email: string; password: string; token: string; id: number }> {
  const result = await api<{ token: string; user: { id: number } }>(e2e, '/api/signup', { email, password, timezone: 'Europe/Zagreb' });
  if (!result.success) throw new Error(`signup failed: ${result.error}`);
  return { email, password, token: result.token, id: result.user.id };
}

/** Puts a session into the page's localStorage (the same keys the app uses) before the app loads. */
export async function signInPage(opened: Opened, e2e: E2E, token: string): Promise<void> {
  const loaded = await api<{ user: unknown }>(e2e, '/api/load_user', {}, token);
  if (!loaded.success) throw new Error(`load_user failed: ${loaded.error}`);
  await opened.context.addInitScript(
    ([t, u]) => {
      if (!window.localStorage.getItem('token')) {
        window.localStorage.setItem('token', t);
        window.localStorage.setItem('user', u);
      }
    },
    [token, JSON.stringify(loaded.user)] as const,
  );
}

export { seriousViolations, describeViolations, type AxeViolation } from './axe';
