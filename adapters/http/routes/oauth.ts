import Router from '@koa/router';
import type { Container } from 'inversify';
import { GoogleSignInService } from '../../../application/accounts/google-sign-in';
import { AppSettings } from '../../../application/ports/settings';
import { AppLogger } from '../../../application/ports/system';
import { isAppError } from '../../../domain/errors';
import { presentUser } from '../presenters/user';
import type { AppRouter, HttpState } from '../types';
import { RateLimiter } from '../rate-limit';
import { escapeHtml } from '../spa/index-html';

/** Sign-in starts per address: a person needs a handful; a script writing rows gets 429. */
export const OAUTH_STARTS = { max: 30, windowMs: 15 * 60_000 };

/**
 * Google sign-in in a popup. The callback answers a small page that stores `token` and `user` in
 * localStorage (the same keys the web app's session uses) and closes the popup, or goes to `/` when it is
 * not a popup. Its script is a separate file, so the page works under a strict Content-Security-Policy.
 */
export function oauthRoutes(container: Container): AppRouter {
  const router = new Router<HttpState>();
  const google = container.get(GoogleSignInService);
  const settings = container.get<AppSettings>(AppSettings);
  const logger = container.get<AppLogger>(AppLogger);
  const limiter = container.get(RateLimiter);

  router.get('/api/oauth/google', async (ctx) => {
    // Each start stores a sign-in attempt: bounded per address (and purged hourly once expired).
    limiter.hit([`oauth:ip:${ctx.ip}`], OAUTH_STARTS);
    const timezone = typeof ctx.query.timezone === 'string' ? ctx.query.timezone : null;
    const url = await google.start({ timezone });
    ctx.redirect(url);
  });

  router.get('/api/oauth/google/callback', async (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-store');
    try {
      const { user, token } = await google.complete(new URL(ctx.originalUrl, settings.publicUrl));
      ctx.body = callbackPage({ token, user: presentUser(user) }, 'Signed in. You can close this window.');
    } catch (error) {
      if (!isAppError(error)) logger.error({ requestId: ctx.state.requestId, err: String(error) }, 'google sign-in failed');
      ctx.status = 401;
      ctx.body = callbackPage(null, 'Sign-in with Google did not complete. Close this window and try again.');
    }
  });

  router.get('/api/oauth/complete.js', (ctx) => {
    ctx.type = 'application/javascript; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = COMPLETE_SCRIPT;
  });

  return router;
}

const COMPLETE_SCRIPT = `(function () {
  var node = document.getElementById('oauth-result');
  var result = node ? JSON.parse(node.textContent || 'null') : null;
  if (result && result.token) {
    localStorage.setItem('token', result.token);
    localStorage.setItem('user', JSON.stringify(result.user));
  }
  if (window.opener && !window.opener.closed) { window.close(); }
  else if (result && result.token) { window.location.replace('/'); }
})();
`;


function callbackPage(result: { token: string; user: unknown } | null, message: string): string {
  // JSON inside a non-executed script block; "<" is escaped so the data cannot close the tag.
  const data = JSON.stringify(result).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing in…</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; padding: 2rem; color: #1b1f24">
<p>${escapeHtml(message)}</p>${result ? '' : '<p><a href="/login">Back to log in</a></p>'}
<script type="application/json" id="oauth-result">${data}</script>
<script src="/api/oauth/complete.js"></script></body></html>`;
}
