/**
 * A deliberately small MIME reader for tests: enough to check what nodemailer put on the wire (headers,
 * multipart nesting, base64 and quoted-printable bodies, RFC 2047 encoded words) without another dependency.
 */
export interface MimePart {
  headers: Map<string, string>;
  contentType: string;
  filename?: string;
  /** Decoded body as UTF-8 text (leaf parts only). */
  body: string;
  parts: MimePart[];
}

export function parseMime(raw: string): MimePart {
  const split = raw.indexOf('\r\n\r\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  const rawBody = split === -1 ? '' : raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  const contentTypeHeader = headers.get('content-type') ?? 'text/plain';
  const contentType = contentTypeHeader.split(';')[0]!.trim().toLowerCase();
  const filename =
    parameter(headers.get('content-disposition') ?? '', 'filename') ?? parameter(contentTypeHeader, 'name');
  if (contentType.startsWith('multipart/')) {
    const boundary = parameter(contentTypeHeader, 'boundary');
    if (!boundary) throw new Error('multipart without boundary');
    const sections = rawBody.split(`--${boundary}`);
    const parts = sections
      .slice(1)
      .filter((section) => !section.startsWith('--'))
      .map((section) => parseMime(section.replace(/^\r\n/, '').replace(/\r\n$/, '')));
    return { headers, contentType, filename, body: '', parts };
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  return { headers, contentType, filename, body: decodeBody(rawBody, encoding), parts: [] };
}

/** Every leaf part, depth first. */
export function leaves(part: MimePart): MimePart[] {
  return part.parts.length === 0 ? [part] : part.parts.flatMap(leaves);
}

function parameter(header: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}\\*?=("([^"]*)"|[^;\\s]+)`, 'i').exec(header);
  return match ? (match[2] ?? match[1]) : undefined;
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const unfolded = text.replace(/=\r\n/g, '');
  for (let i = 0; i < unfolded.length; i += 1) {
    if (unfolded[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(unfolded.slice(i + 1, i + 3))) {
      bytes.push(parseInt(unfolded.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(unfolded[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*/g, (_all, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}
