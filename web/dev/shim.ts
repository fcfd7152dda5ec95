// DEV ONLY. Stands in for Stoa's web-session endpoints until the server serves them itself:
//   POST /accounts/login/   (username, password) -> calls POST /api/v1/fetch_api_key
//   GET  /accounts/session  -> the session's user and CSRF token, else 401 UNAUTHORIZED
//   POST /accounts/logout/  (X-CSRFToken) -> ends the session
//   /json/*                 -> /api/v1/* with HTTP Basic; non-GET needs X-CSRFToken
//   /user_uploads/*         -> the same, for the links in messages
//   /                       -> the client's index.html (served under /static/ by Vite)
// Sessions live in memory only. Delete this file when the Java side serves these.
import type { Connect, Plugin } from 'vite';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { request as httpRequest } from 'node:http';
import { randomBytes } from 'node:crypto';

interface Session { userId: number; email: string; apiKey: string; csrf: string }

const COOKIE = 'stoa_session';

export function devShim(stoaUrl: string): Plugin {
  const sessions = new Map<string, Session>();
  const upstream = new URL(stoaUrl);
  const handler: Connect.NextHandleFunction = (req, res, next) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/' || path === '/index.html') {
      req.url = '/static/' + (req.url ?? '/').slice(path.length);
      return next();
    }
    if (path === '/accounts/login/' && req.method === 'POST') return void login(req, res);
    if (path === '/accounts/session' && req.method === 'GET') return void session(req, res);
    if (path === '/accounts/logout/' && req.method === 'POST') return void logout(req, res);
    if (path.startsWith('/json/') || path.startsWith('/user_uploads/')) return void proxy(req, res);
    next();
  };

  function current(req: IncomingMessage): [string, Session] | undefined {
    const m = /(?:^|;\s*)stoa_session=([A-Za-z0-9_-]+)/.exec(req.headers.cookie ?? '');
    const s = m ? sessions.get(m[1]) : undefined;
    return m && s ? [m[1], s] : undefined;
  }

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers });
    res.end(JSON.stringify(body));
  }

  const unauthorized = (res: ServerResponse) =>
    send(res, 401, { result: 'error', msg: 'Not logged in: API authentication or user session required', code: 'UNAUTHORIZED' });

  function csrfOk(req: IncomingMessage, res: ServerResponse, s: Session): boolean {
    const token = req.headers['x-csrftoken'];
    if (token === s.csrf) return true;
    send(res, 403, { result: 'error', code: 'CSRF_FAILED', msg: token ? 'CSRF error: CSRF token incorrect.' : 'CSRF error: CSRF token missing.' });
    return false;
  }

  async function readBody(req: IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  }

  async function login(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams((await readBody(req)).toString('utf8'));
    const body = new URLSearchParams({ username: form.get('username') ?? '', password: form.get('password') ?? '' });
    let answer: Response;
    try {
      answer = await fetch(new URL('/api/v1/fetch_api_key', upstream), { method: 'POST', body });
    } catch {
      return send(res, 502, { result: 'error', msg: 'Stoa is not reachable', code: 'BAD_GATEWAY' });
    }
    const json = (await answer.json()) as Record<string, unknown>;
    if (!answer.ok) return send(res, answer.status, json, retryAfter(answer));
    const id = randomBytes(24).toString('base64url');
    const s: Session = { userId: json.user_id as number, email: json.email as string, apiKey: json.api_key as string, csrf: randomBytes(24).toString('hex') };
    sessions.set(id, s);
    send(res, 200, { result: 'success', msg: '', user_id: s.userId, email: s.email, csrf_token: s.csrf },
      { 'Set-Cookie': `${COOKIE}=${id}; Path=/; HttpOnly; SameSite=Lax` });
  }

  function retryAfter(r: Response): Record<string, string> {
    const v = r.headers.get('retry-after');
    return v ? { 'Retry-After': v } : {};
  }

  function session(req: IncomingMessage, res: ServerResponse) {
    const cur = current(req);
    if (!cur) return unauthorized(res);
    const [, s] = cur;
    send(res, 200, { result: 'success', msg: '', user_id: s.userId, email: s.email, csrf_token: s.csrf });
  }

  function logout(req: IncomingMessage, res: ServerResponse) {
    const cur = current(req);
    if (!cur) return unauthorized(res);
    if (!csrfOk(req, res, cur[1])) return;
    sessions.delete(cur[0]);
    send(res, 200, { result: 'success', msg: '' }, { 'Set-Cookie': `${COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax` });
  }

  function proxy(req: IncomingMessage, res: ServerResponse) {
    const cur = current(req);
    if (!cur) return unauthorized(res);
    const s = cur[1];
    if (req.method !== 'GET' && req.method !== 'HEAD' && !csrfOk(req, res, s)) return;
    const url = req.url ?? '/';
    const path = url.startsWith('/json/') ? '/api/v1/' + url.slice('/json/'.length) : url;
    const headers: Record<string, string | string[] | undefined> = { ...req.headers, host: upstream.host, authorization: 'Basic ' + Buffer.from(`${s.email}:${s.apiKey}`).toString('base64') };
    delete headers.cookie;
    delete headers['x-csrftoken'];
    const out = httpRequest({ hostname: upstream.hostname, port: upstream.port, path, method: req.method, headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    out.on('error', () => {
      if (!res.headersSent) send(res, 502, { result: 'error', msg: 'Stoa is not reachable', code: 'BAD_GATEWAY' });
      else res.end();
    });
    req.on('aborted', () => out.destroy());
    req.pipe(out);
  }

  return {
    name: 'stoa-dev-shim',
    configureServer(server) { server.middlewares.use(handler); },
    configurePreviewServer(server) { server.middlewares.use(handler); },
  };
}
