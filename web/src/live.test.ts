import { afterEach, describe, expect, it, vi } from 'vitest';
import { register, pollLoop, stopPolling, store, connection } from './live.ts';

const registerAnswer = (queue: string) => ({
  result: 'success', msg: '', queue_id: queue, last_event_id: 5, user_id: 1,
  realm_users: [{ user_id: 1, full_name: 'Me', email: 'me@x', role: 400, is_bot: false }],
  subscriptions: [], unread_msgs: { streams: [], pms: [], huddles: [], mentions: [] },
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => { stopPolling(); vi.unstubAllGlobals(); });

describe('the event loop', () => {
  it('keeps its queue across network failures and resumes after the last event it saw', async () => {
    const polls: string[] = [];
    let n = 0;
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      if (url.startsWith('/json/register')) return json(200, registerAnswer('q1'));
      polls.push(url);
      n++;
      if (n === 1) return json(200, { result: 'success', msg: '', events: [{ id: 7, type: 'heartbeat' }] });
      if (n === 2) throw new TypeError('Failed to fetch');
      if (n === 3) return json(502, { result: 'error', msg: 'Stoa is not reachable', code: 'BAD_GATEWAY' });
      if (n === 4) return json(200, { result: 'success', msg: '', events: [{ id: 9, type: 'heartbeat' }] });
      stopPolling();
      return json(200, { result: 'success', msg: '', events: [] });
    }));
    await register();
    await pollLoop(() => { throw new Error('no reset expected'); });
    expect(polls.map((u) => new URL(u, 'http://x').searchParams.get('queue_id'))).toEqual(['q1', 'q1', 'q1', 'q1', 'q1']);
    expect(polls.map((u) => new URL(u, 'http://x').searchParams.get('last_event_id'))).toEqual(['5', '7', '7', '7', '9']);
    expect(connection.value).toBe('ok');
  }, 20_000);

  it('registers a new queue on BAD_EVENT_QUEUE_ID and tells the UI to reload', async () => {
    let registers = 0;
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      if (url.startsWith('/json/register')) return json(200, registerAnswer(`q${++registers}`));
      if (url.includes('queue_id=q1')) return json(400, { result: 'error', msg: 'Bad event queue ID: q1', code: 'BAD_EVENT_QUEUE_ID', queue_id: 'q1' });
      stopPolling();
      return json(200, { result: 'success', msg: '', events: [] });
    }));
    const first = await register();
    const resets: unknown[] = [];
    await pollLoop((s) => resets.push(s));
    expect(registers).toBe(2);
    expect(resets).toHaveLength(1);
    expect(store.value).not.toBe(first);
  });
});
