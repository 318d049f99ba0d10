/**
 * The one place that owns the spec's call rules (section 7): the Authorization header with the stored token,
 * the cache-busting `t` parameter, time-outs via AbortController (ERR_TIMEOUT), the {success, error} envelope,
 * a response without a success flag logged and treated as failure, non-OK statuses read as unsuccessful (the
 * body's error code is still read), and ERR_TOKEN_EXPIRED clearing the session and reloading the page.
 */
export const TIMEOUTS = { default: 90_000, appState: 30_000, studyPositions: 10_000 } as const;

export type ApiFailure = { success: false; error: string; status?: number; body?: Record<string, unknown> };
export type ApiSuccess<T> = { success: true } & T;
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

export type QueryValue = string | number | boolean | null | undefined;

export interface CallOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  formData?: FormData;
  timeoutMs?: number;
  /** Keeps the request alive while the page unloads (log flush). */
  keepalive?: boolean;
  /**
   * Let the browser revalidate with the server's ETag instead of busting the cache: no `t` parameter, fetch cache
   * mode `no-cache`. For the 1 Hz poll, whose unchanged answers are 304s with no body.
   */
  revalidate?: boolean;
  /** Hears the answer's ETag (the browser's cached copy's after a 304), so a caller can skip unchanged answers. */
  onEtag?: (etag: string | null) => void;
  /** The caller logs failures itself (the 1 Hz poll logs each distinct failure once, not once a second). */
  quiet?: boolean;
}

export interface ApiClientDeps {
  getToken: () => string | null;
  /** Called on ERR_TOKEN_EXPIRED for the token still in use: clear the session and reload. */
  onTokenExpired: () => void;
  /** Where client-side problems go (the client log queue). Never throws. */
  log?: (level: 'warn' | 'error', message: string, context?: Record<string, unknown>) => void;
  fetchImpl?: typeof fetch;
  now?: () => number;
  baseUrl?: string;
}

export const ERR_TIMEOUT = 'ERR_TIMEOUT';
export const ERR_NETWORK = 'ERR_NETWORK';
export const ERR_BAD_RESPONSE = 'ERR_BAD_RESPONSE';
export const ERR_TOKEN_EXPIRED = 'ERR_TOKEN_EXPIRED';

export class ApiClient {
  constructor(private readonly deps: ApiClientDeps) {}

  get<T extends object>(path: string, options: Omit<CallOptions, 'body' | 'formData'> = {}): Promise<ApiResult<T>> {
    return this.call<T>('GET', path, options);
  }

  post<T extends object>(path: string, options: CallOptions = {}): Promise<ApiResult<T>> {
    return this.call<T>('POST', path, options);
  }

  /** Builds a URL with the query and the reserved `t` parameter (callers may not use `t`), unless revalidating. */
  url(path: string, query: Record<string, QueryValue> = {}, bustCache = true): string {
    if ('t' in query) throw new Error("The query parameter 't' is reserved for cache busting");
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined || value === null) continue;
      params.append(key, String(value));
    }
    if (bustCache) params.append('t', String((this.deps.now ?? Date.now)()));
    return `${this.deps.baseUrl ?? ''}${path}?${params.toString()}`;
  }

  async call<T extends object>(method: 'GET' | 'POST', path: string, options: CallOptions = {}): Promise<ApiResult<T>> {
    const fetchImpl = this.deps.fetchImpl ?? globalThis.fetch.bind(globalThis);
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = this.deps.getToken();
    if (token) headers.Authorization = token;
    let body: BodyInit | undefined;
    if (options.formData) {
      body = options.formData;
    } else if (method === 'POST') {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body ?? {});
    }
    const controller = new AbortController();
    const timeoutMs = options.timeoutMs ?? TIMEOUTS.default;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);

    let response: Response;
    try {
      response = await fetchImpl(this.url(path, options.query, !options.revalidate), {
        method,
        headers,
        body,
        ...(options.revalidate ? { cache: 'no-cache' as const } : {}),
        signal: controller.signal,
        keepalive: options.keepalive,
        credentials: 'same-origin',
      });
    } catch (error) {
      clearTimeout(timer);
      if (timedOut) return { success: false, error: ERR_TIMEOUT };
      if (!options.quiet) this.log('warn', `Network failure on ${method} ${path}`, { error: String(error) });
      return { success: false, error: ERR_NETWORK };
    }

    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      clearTimeout(timer);
      if (timedOut) return { success: false, error: ERR_TIMEOUT };
      if (!options.quiet) this.log('error', `Response of ${method} ${path} is not JSON`, { status: response.status });
      return { success: false, error: ERR_BAD_RESPONSE, status: response.status };
    }
    clearTimeout(timer);
    options.onEtag?.(response.headers?.get('ETag') ?? null);

    if (typeof parsed !== 'object' || parsed === null || typeof (parsed as { success?: unknown }).success !== 'boolean') {
      if (!options.quiet) this.log('error', `Response of ${method} ${path} has no success flag`, { status: response.status });
      return { success: false, error: ERR_BAD_RESPONSE, status: response.status };
    }
    const envelope = parsed as Record<string, unknown> & { success: boolean; error?: unknown };
    const errorCode = typeof envelope.error === 'string' ? envelope.error : undefined;

    if (errorCode === ERR_TOKEN_EXPIRED) {
      // Only for the session still in use: a poll that left before a log-out (or a new log-in) comes back 401 for
      // a token the app already dropped, and must not clear the new state or reload the page under the user.
      if (token !== null && token === this.deps.getToken()) this.deps.onTokenExpired();
      return { success: false, error: ERR_TOKEN_EXPIRED, status: response.status, body: envelope };
    }
    if (!response.ok || !envelope.success) {
      return {
        success: false,
        error: errorCode ?? `ERR_HTTP_${response.status}`,
        status: response.status,
        body: envelope,
      };
    }
    return envelope as unknown as ApiSuccess<T>;
  }

  private log(level: 'warn' | 'error', message: string, context?: Record<string, unknown>): void {
    try {
      this.deps.log?.(level, message, context);
    } catch {
      // Logging must never break a call.
    }
  }
}
