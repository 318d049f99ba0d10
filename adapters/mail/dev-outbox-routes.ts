import Router from '@koa/router';
import type { OutboxMailer, OutboxMessage } from './OutboxMailer';
import { escapeHtml } from '../http/spa/index-html';

/**
 * Development pages over the outbox folder: GET /dev/outbox (HTML list), GET /dev/outbox/:id (one message),
 * GET /dev/outbox.json (newest first, `?to=` filter; each entry carries its text and the links in it, so browser
 * tests can follow a password reset link). Mounted only outside production.
 */
export function devOutboxRoutes(outbox: OutboxMailer): Router {
  const router = new Router();

  router.get('/dev/outbox.json', async (ctx) => {
    const to = typeof ctx.query.to === 'string' && ctx.query.to !== '' ? ctx.query.to : undefined;
    const messages = await outbox.listMessages({ to });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      messages: messages.map((message) => ({
        id: message.id,
        to: message.to,
        subject: message.subject,
        date: message.date,
        text: message.text,
        links: extractLinks(message.text),
        attachments: message.attachments.map(({ filename, contentType }) => ({ filename, contentType })),
      })),
    };
  });

  router.get('/dev/outbox', async (ctx) => {
    const messages = await outbox.list();
    const rows = messages
      .map(
        (m) =>
          `<li><a href="/dev/outbox/${m.id}"><strong>${escapeHtml(m.subject)}</strong></a>` +
          `<span class="meta">to ${escapeHtml(m.to)} &middot; <time>${escapeHtml(m.date)}</time></span></li>`,
      )
      .join('\n');
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'html';
    ctx.body = page('Outbox', `<h1>Outbox</h1>${rows ? `<ul class="list">${rows}</ul>` : '<p>No messages yet.</p>'}`);
  });

  router.get('/dev/outbox/:id', async (ctx) => {
    const message = await outbox.read(ctx.params.id ?? '');
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'html';
    if (!message) {
      ctx.status = 404;
      ctx.body = page('Not found', '<h1>No such message</h1><p><a href="/dev/outbox">Back to the outbox</a></p>');
      return;
    }
    ctx.body = page(message.subject, messageView(message));
  });

  return router;
}

function messageView(message: OutboxMessage): string {
  const attachments = message.attachments
    .map((a) => `<li>${escapeHtml(a.filename)} (${escapeHtml(a.contentType)})<pre>${escapeHtml(a.content)}</pre></li>`)
    .join('');
  return [
    '<p><a href="/dev/outbox">&larr; Outbox</a></p>',
    `<h1>${escapeHtml(message.subject)}</h1>`,
    '<dl>',
    `<dt>From</dt><dd>${escapeHtml(message.from)}</dd>`,
    `<dt>To</dt><dd>${escapeHtml(message.to)}</dd>`,
    message.replyTo ? `<dt>Reply-To</dt><dd>${escapeHtml(message.replyTo)}</dd>` : '',
    `<dt>Date</dt><dd>${escapeHtml(message.date)}</dd>`,
    '</dl>',
    `<pre class="body">${linkify(message.text)}</pre>`,
    attachments ? `<h2>Attachments</h2><ul>${attachments}</ul>` : '',
  ].join('\n');
}

const LINK = /https?:\/\/[^\s<>"']+/g;

/** http(s) links in a text, without trailing sentence punctuation. */
export function extractLinks(text: string): string[] {
  return (text.match(LINK) ?? []).map(trimPunctuation);
}

/** Escapes the whole text and turns each http(s) link into an anchor (the href escaped as well). */
export function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const url = trimPunctuation(match[0]);
    const start = match.index ?? 0;
    html += escapeHtml(text.slice(last, start));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

function trimPunctuation(url: string): string {
  return url.replace(/[.,;:!?)\]]+$/, '');
}


function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Dev outbox</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1d2330}
.list{list-style:none;padding:0}.list li{padding:.6rem 0;border-bottom:1px solid #e3e6ec}
.meta{display:block;color:#667085;font-size:13px}a{color:#2554c7}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}dt{color:#667085}dd{margin:0}
pre{white-space:pre-wrap;background:#f6f7f9;padding:1rem;border-radius:6px}
</style></head><body>${body}</body></html>`;
}
