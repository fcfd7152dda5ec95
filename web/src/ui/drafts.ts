// Drafts: one per conversation, kept while switching narrows and saved through /drafts.
import { api } from '../api.ts';
import { store } from '../live.ts';
import { dmKey } from '../unread.ts';
import type { ComposeTarget } from './app-state.ts';

export const drafts = new Map<string, { content: string; id?: number }>();
let draftsSeeded = false;

export function targetKey(t: ComposeTarget): string {
  const s = store.value!;
  return t.kind === 'stream' ? `s:${t.streamId}:${t.topic.toLowerCase()}` : 'd:' + dmKey(t.to, s.myId);
}

export function seedDrafts() {
  if (draftsSeeded) return;
  draftsSeeded = true;
  for (const d of store.value!.drafts.value.values()) {
    const t: ComposeTarget = d.type === 'stream' ? { kind: 'stream', streamId: d.to[0], topic: d.topic, to: [] } : { kind: 'private', topic: '', to: d.to };
    drafts.set(targetKey(t), { content: d.content, id: d.id });
  }
}

const saveTimers = new Map<string, ReturnType<typeof setTimeout>>();

export function rememberDraft(t: ComposeTarget, content: string) {
  const key = targetKey(t);
  const d = drafts.get(key) ?? {};
  drafts.set(key, { ...d, content });
  clearTimeout(saveTimers.get(key));
  saveTimers.set(key, setTimeout(() => void persistDraft(t, key), 1200));
}

async function persistDraft(t: ComposeTarget, key: string) {
  const d = drafts.get(key);
  if (!d) return;
  const body = { type: t.kind === 'stream' ? 'stream' : 'private', to: t.kind === 'stream' ? [t.streamId] : t.to, topic: t.kind === 'stream' ? t.topic : '', content: d.content, timestamp: Math.floor(Date.now() / 1000) };
  try {
    if (!d.content.trim()) {
      if (d.id) await api.del(`/drafts/${d.id}`);
      drafts.delete(key);
    } else if (d.id) await api.patch(`/drafts/${d.id}`, { draft: body });
    else if (t.kind === 'private' ? t.to.length : t.streamId !== undefined) {
      const r = await api.post<{ ids: number[] }>('/drafts', { drafts: [body] });
      drafts.set(key, { ...drafts.get(key)!, id: r.ids[0] });
    }
  } catch { /* a draft is best effort */ }
}

export async function dropDraft(t: ComposeTarget) {
  const key = targetKey(t);
  clearTimeout(saveTimers.get(key));
  const d = drafts.get(key);
  drafts.delete(key);
  if (d?.id) await api.del(`/drafts/${d.id}`).catch(() => undefined);
}

