import Router from '@koa/router';
import type { Context } from 'koa';
import getRawBody from 'raw-body';
import { isAppError } from '../../domain/errors';
import type { DevIdentityProvider } from './DevIdentityProvider';
import { escapeHtml } from '../http/spa/index-html';

const PATH = '/dev/identity/authorize';

interface AuthorizeFields {
  state: string;
  nonce: string;
  codeChallenge: string;
  redirectUri: string;
}

/**
 * The development stand-in for Google's sign-in page: GET shows a small form, POST redirects the browser to
 * the registered callback with a signed `code` and the `state` (or `error=access_denied` on Cancel).
 * Mounted only when the development identity provider is configured.
 */
export function devIdentityRoutes(provider: DevIdentityProvider): Router {
  const router = new Router();

  router.get(PATH, (ctx) => {
    const fields = authorizeFields((name) => (typeof ctx.query[name] === 'string' ? (ctx.query[name] as string) : ''));
    if (!fields || !provider.isAllowedRedirect(fields.redirectUri)) return badRequest(ctx);
    render(ctx, 200, fields, { email: '', givenName: '', familyName: '' });
  });

  router.post(PATH, async (ctx) => {
    const form = await formOf(ctx);
    if (!form) return badRequest(ctx);
    const fields = authorizeFields((name) => form.get(name) ?? '');
    if (!fields || !provider.isAllowedRedirect(fields.redirectUri)) return badRequest(ctx);
    const back = new URL(fields.redirectUri);
    back.searchParams.set('state', fields.state);
    if (form.get('action') === 'cancel') {
      back.searchParams.set('error', 'access_denied');
      return redirect(ctx, back);
    }
    const typed = { email: form.get('email') ?? '', givenName: form.get('given_name') ?? '', familyName: form.get('family_name') ?? '' };
    try {
      const code = provider.issueCode({
        ...typed,
        emailVerified: form.get('email_verified') === 'on',
        nonce: fields.nonce,
        codeChallenge: fields.codeChallenge,
      });
      back.searchParams.set('code', code);
      redirect(ctx, back);
    } catch (error) {
      if (!isAppError(error) || error.kind !== 'validation') throw error;
      render(ctx, 400, fields, typed, error.details.issues?.map((issue) => issue.message).join('. ') ?? error.message);
    }
  });

  return router;
}

function authorizeFields(get: (name: string) => string): AuthorizeFields | null {
  const fields = { state: get('state'), nonce: get('nonce'), codeChallenge: get('code_challenge'), redirectUri: get('redirect_uri') };
  return Object.values(fields).every((value) => value !== '' && value.length <= 2000) ? fields : null;
}

/** The app's body parser may already have read the form; mounted alone, the route reads it itself. */
async function formOf(ctx: Context): Promise<URLSearchParams | null> {
  const parsed = (ctx.request as { body?: unknown }).body;
  if (parsed && typeof parsed === 'object') {
    const entries = Object.entries(parsed as Record<string, unknown>).filter(([, v]) => typeof v === 'string') as [string, string][];
    return new URLSearchParams(entries);
  }
  if (!ctx.request.is('application/x-www-form-urlencoded')) return null;
  try {
    return new URLSearchParams(await getRawBody(ctx.req, { limit: '16kb', encoding: 'utf8' }));
  } catch {
    return null;
  }
}

function redirect(ctx: Context, to: URL): void {
  ctx.set('Cache-Control', 'no-store');
  ctx.status = 303;
  ctx.redirect(to.href);
}

function badRequest(ctx: Context): void {
  ctx.status = 400;
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = page('<h1>Invalid sign-in request</h1><p>This page must be opened from the app’s “Sign in with Google” button.</p>');
}

function render(
  ctx: Context,
  status: number,
  fields: AuthorizeFields,
  typed: { email: string; givenName: string; familyName: string },
  error?: string,
): void {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  ctx.status = status;
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = page(`
<main class="card">
  <p class="badge">Development only</p>
  <h1>Development sign-in</h1>
  <p class="lead">This stands in for Google. Type any identity; nothing leaves this machine.</p>
  ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
  <form method="post" action="${PATH}">
    ${hidden('state', fields.state)}${hidden('nonce', fields.nonce)}
    ${hidden('code_challenge', fields.codeChallenge)}${hidden('redirect_uri', fields.redirectUri)}
    <label for="email">E-mail</label>
    <input id="email" name="email" type="email" required autocomplete="email" value="${escapeHtml(typed.email)}">
    <div class="row">
      <div><label for="given_name">First name</label>
      <input id="given_name" name="given_name" autocomplete="given-name" value="${escapeHtml(typed.givenName)}"></div>
      <div><label for="family_name">Last name</label>
      <input id="family_name" name="family_name" autocomplete="family-name" value="${escapeHtml(typed.familyName)}"></div>
    </div>
    <label class="check"><input type="checkbox" name="email_verified" checked> E-mail address is verified</label>
    <div class="actions">
      <button type="submit" name="action" value="cancel" class="secondary" formnovalidate>Cancel</button>
      <button type="submit" name="action" value="continue">Continue</button>
    </div>
  </form>
</main>`);
}

function page(body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Development sign-in</title>
<style>
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f3f4f7;
font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1d2330;padding:16px}
.card{width:100%;max-width:420px;background:#fff;border-radius:12px;padding:28px;box-shadow:0 4px 24px rgba(16,24,40,.08)}
h1{font-size:22px;margin:0 0 4px}.lead{color:#667085;margin:0 0 20px}
.badge{display:inline-block;margin:0 0 12px;padding:2px 10px;border-radius:999px;background:#fff4e5;color:#b54708;font-size:12px;font-weight:600}
label{display:block;font-weight:600;font-size:13px;margin:12px 0 4px}
input[type=email],input:not([type]){width:100%;padding:10px 12px;border:1px solid #d0d5dd;border-radius:8px;font:inherit}
input:focus{outline:2px solid #2554c7;outline-offset:1px}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}.check{display:flex;gap:8px;align-items:center;font-weight:400}
.actions{display:flex;justify-content:flex-end;gap:8px;margin-top:20px}
button{padding:10px 18px;border-radius:8px;border:0;background:#2554c7;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button.secondary{background:#fff;color:#344054;border:1px solid #d0d5dd}
.error{background:#fef3f2;color:#b42318;padding:8px 12px;border-radius:8px}
@media (max-width:400px){.row{grid-template-columns:1fr}}
</style></head><body>${body}</body></html>`;
}

