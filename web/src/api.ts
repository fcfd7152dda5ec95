// Every call goes to Zulip's web prefix /json with the session cookie and, on non-GET, the CSRF token
// (X-CSRFToken, read from the csrftoken cookie the server sets with the page and with each sign-in).
import { t } from './i18n/i18n.ts';

export class ApiError extends Error {
  constructor(readonly status: number, readonly code: string, msg: string, readonly body: Record<string, unknown> = {}) {
    super(msg);
  }
}

/** The csrftoken cookie (`__Host-csrftoken` when the server is on https). */
export function csrfToken(cookies: string = typeof document === 'undefined' ? '' : document.cookie): string {
  return /(?:^|;\s*)(?:__Host-)?csrftoken=([^;]*)/.exec(cookies)?.[1] ?? '';
}

type Params = Record<string, unknown>;

/** Zulip's encoding: strings as they are, everything else JSON. */
export function encodeParams(params: Params): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    out.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  }
  return out;
}

async function parse<T>(r: Response): Promise<T> {
  let body: Record<string, unknown>;
  try {
    body = await r.json();
  } catch {
    throw new ApiError(r.status, 'NETWORK', t('The server answered {status}.', { status: r.status }));
  }
  if (!r.ok || body.result !== 'success') {
    throw new ApiError(r.status, String(body.code ?? 'BAD_REQUEST'), String(body.msg ?? 'Error'), body);
  }
  return body as T;
}

export async function request<T = Record<string, unknown>>(method: string, url: string, params: Params = {}, signal?: AbortSignal): Promise<T> {
  const init: RequestInit = { method, credentials: 'same-origin', signal, headers: {} };
  const qs = encodeParams(params);
  if (method === 'GET') {
    const q = qs.toString();
    if (q) url += '?' + q;
  } else {
    init.body = qs;
    (init.headers as Record<string, string>)['X-CSRFToken'] = csrfToken();
  }
  let r: Response;
  try {
    r = await fetch(url, init);
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, 'NETWORK', t('Cannot reach the server.'));
  }
  return parse<T>(r);
}

export const api = {
  get: <T = Record<string, unknown>>(path: string, p?: Params, signal?: AbortSignal) => request<T>('GET', '/json' + path, p, signal),
  post: <T = Record<string, unknown>>(path: string, p?: Params) => request<T>('POST', '/json' + path, p),
  patch: <T = Record<string, unknown>>(path: string, p?: Params) => request<T>('PATCH', '/json' + path, p),
  del: <T = Record<string, unknown>>(path: string, p?: Params) => request<T>('DELETE', '/json' + path, p),
  async upload<T = Record<string, unknown>>(path: string, form: FormData): Promise<T> {
    const r = await fetch('/json' + path, { method: 'POST', body: form, credentials: 'same-origin', headers: { 'X-CSRFToken': csrfToken() } });
    return parse<T>(r);
  },
};

export interface Session { user_id: number; email: string }

/** Who is signed in, from the API itself (the session cookie is HttpOnly); null before sign-in. */
export async function currentSession(): Promise<Session | null> {
  try {
    return await request<Session>('GET', '/json/users/me');
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return null;
    throw e;
  }
}

/**
 * Signs in (Zulip's /accounts/login/). The server checks X-CSRFToken against the csrftoken cookie it
 * set with the page; a page served elsewhere (the Vite dev server) fetches the sign-in URL for one.
 */
export async function login(username: string, password: string, flow: Record<string, string> = {}): Promise<SignInResult> {
  if (!csrfToken()) await fetch('/accounts/login/', { credentials: 'same-origin' }).catch(() => undefined);
  return request<SignInResult>('POST', '/accounts/login/', { username, password, ...flow });
}

/** A session, or for Zulip's apps' flows (mobile_flow_otp, desktop_flow_otp) where to send them instead. */
export type SignInResult = Session & { redirect_to?: string; desktop_data?: string };

export const logout = () => request('POST', '/accounts/logout/');

