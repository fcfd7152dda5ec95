import { t, tn } from '../i18n/i18n.ts';
import { signal, useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { api, ApiError } from '../api.ts';
import { store } from '../live.ts';
import { EmojiGlyph, EmojiPicker } from './Emoji.tsx';
import type { Message, Reaction } from '../types.ts';
import { hashFor, messageDialog, selectedId, showToast, suppressRead } from './app-state.ts';
import { Modal, Popover, copyText } from './common.tsx';
import { Icon } from './icons.tsx';
import { openComposeFor, quoteAndReply } from './Compose.tsx';
import { toApiNarrow } from '../narrow.ts';

const fail = (e: unknown) => showToast(e instanceof ApiError ? e.message : t('Something went wrong.'), 'error');

export function toggleReaction(m: Message, name: string, code: string, type: string) {
  const s = store.value!;
  const mine = m.reactions.some((r) => r.user_id === s.myId && r.emoji_code === code && r.reaction_type === type);
  const p = { emoji_name: name, emoji_code: code, reaction_type: type };
  (mine ? api.del(`/messages/${m.id}/reactions`, p) : api.post(`/messages/${m.id}/reactions`, p)).catch(fail);
}

export function Reactions({ m }: { m: Message }) {
  const s = store.value!;
  const groups = new Map<string, Reaction[]>();
  for (const r of m.reactions) {
    const k = r.reaction_type + ':' + r.emoji_code;
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  return (
    <div class="reactions">
      {[...groups.values()].map((rs) => {
        const r = rs[0]!;
        const mine = rs.some((x) => x.user_id === s.myId);
        const who = rs.map((x) => (x.user_id === s.myId ? t('You') : s.userName(x.user_id))).join(', ');
        return (
          <button key={r.emoji_code} class={'reaction' + (mine ? ' mine' : '')} aria-pressed={mine}
            aria-label={tn(rs.length, '{n} {emoji} reaction, by {who}', '{n} {emoji} reactions, by {who}', { emoji: r.emoji_name, who })} title={t('{who} reacted with {emoji}', { who, emoji: `:${r.emoji_name}:` })}
            onClick={() => toggleReaction(m, r.emoji_name, r.emoji_code, r.reaction_type)}>
            <EmojiGlyph name={r.emoji_name} code={r.emoji_code} type={r.reaction_type} decorative /><span class="reaction-count">{rs.length}</span>
          </button>
        );
      })}
    </div>
  );
}

function canEdit(m: Message): boolean {
  const s = store.value!;
  const r = s.realm.value;
  if (m.sender_id !== s.myId || !r.allow_message_editing) return false;
  const limit = r.message_content_edit_limit_seconds;
  return !limit || Date.now() / 1000 - m.timestamp < limit + 10;
}

function canDelete(m: Message): boolean {
  const s = store.value!;
  const r = s.realm.value;
  const stream = m.stream_id !== undefined ? s.streams.value.get(m.stream_id) : undefined;
  if (s.inGroup(r.can_delete_any_message_group) || s.inGroup(stream?.can_delete_any_message_group)) return true;
  if (m.sender_id !== s.myId) return false;
  if (!s.inGroup(r.can_delete_own_message_group) && !s.inGroup(stream?.can_delete_own_message_group)) return false;
  const limit = r.message_content_delete_limit_seconds;
  return !limit || Date.now() / 1000 - m.timestamp < limit;
}

export function canMove(m: Message): boolean {
  const s = store.value!;
  if (m.type !== 'stream') return false;
  const stream = s.streams.value.get(m.stream_id!);
  return s.isAdmin() || s.inGroup(s.realm.value.can_move_messages_between_topics_group) || s.inGroup(stream?.can_move_messages_within_channel_group) || m.sender_id === s.myId;
}

const canResolve = (m: Message) => m.type === 'stream' && (store.value!.isAdmin() || store.value!.inGroup(store.value!.realm.value.can_resolve_topics_group));

export function messageLink(m: Message): string {
  const s = store.value!;
  const terms = m.type === 'stream'
    ? [{ operator: 'channel', operand: String(m.stream_id) }, { operator: 'topic', operand: m.subject }, { operator: 'near', operand: String(m.id) }]
    : [{ operator: 'dm', operand: (m.dmUserIds ?? []).filter((id) => id !== s.myId).join(',') || String(s.myId) }, { operator: 'near', operand: String(m.id) }];
  return location.origin + '/' + hashFor(terms);
}


export async function toggleStar(m: Message) {
  const starred = m.flags.includes('starred');
  await api.post('/messages/flags', { messages: [m.id], op: starred ? 'remove' : 'add', flag: 'starred' }).catch(fail);
}

export async function resolveTopic(m: Message) {
  const resolved = m.subject.startsWith('✔ ');
  const topic = resolved ? m.subject.slice(2) : '✔ ' + m.subject;
  await api.patch(`/messages/${m.id}`, { topic, propagate_mode: 'change_all', send_notification_to_old_thread: false, send_notification_to_new_thread: true }).catch(fail);
}

/** Zulip's "mark as unread from here": this message and all after it in the view, loaded or not. */
async function markUnreadFrom(m: Message) {
  const s = store.value!;
  suppressRead.value = true;
  await api.post('/messages/flags/narrow', { anchor: m.id, include_anchor: true, num_before: 0, num_after: 5000, op: 'remove', flag: 'read',
    narrow: toApiNarrow(s.feed.value.terms.filter((t) => t.operator !== 'near')) }).catch(fail);
}

const muteUser = (id: number) => api.post(`/users/me/muted_users/${id}`).catch(fail);

/** A keyboard shortcut's request to the selected message's own actions (i, :, e). */
export const messageCommand = signal<{ id: number; kind: 'menu' | 'emoji' | 'edit' } | null>(null);

export function MessageActions({ m }: { m: Message }) {
  const menu = useSignal<'none' | 'emoji' | 'more'>('none');
  const dialog = useSignal<'none' | 'edit' | 'move' | 'delete'>('none');
  const cmd = messageCommand.value?.id === m.id ? messageCommand.value : null;
  useEffect(() => {
    if (!cmd) return;
    messageCommand.value = null;
    if (cmd.kind === 'menu') menu.value = 'more';
    else if (cmd.kind === 'emoji') menu.value = 'emoji';
    else if (canEdit(m)) dialog.value = 'edit';
  }, [cmd]);
  const starred = m.flags.includes('starred');
  const close = () => (menu.value = 'none');
  const item = (label: string, run: () => void) => (
    <button role="menuitem" class="menu-item" onClick={() => { close(); run(); }}>{label}</button>
  );
  return (
    <div class={'message-actions' + (menu.value !== 'none' ? ' open' : '')}>
      <button class="icon-button" aria-label={t('Add reaction')} title={t('Add reaction')} onClick={() => (menu.value = 'emoji')}><Icon name="smile" /></button>
      <button class="icon-button" aria-label={t('Reply')} title={t('Reply (r)')} onClick={() => openComposeFor(m)}><Icon name="reply" /></button>
      <button class={'icon-button' + (starred ? ' starred' : '')} aria-label={starred ? t('Unstar message') : t('Star message')} aria-pressed={starred} title={t('Star')} onClick={() => toggleStar(m)}><Icon name="star" filled={starred} /></button>
      <button class="icon-button" aria-label={t('More actions')} aria-haspopup="menu" title={t('More actions')} onClick={() => (menu.value = 'more')}><Icon name="more" size={20} /></button>
      {menu.value === 'emoji' && <EmojiPicker onClose={close} onPick={(n, c, t) => toggleReaction(m, n, c, t)} />}
      {menu.value === 'more' && (
        <Popover onClose={close} label={t('Message actions')} class="menu">
          {item(t('Quote and reply'), () => quoteAndReply(m))}
          {canEdit(m) && item(t('Edit message'), () => (dialog.value = 'edit'))}
          {canMove(m) && item(t('Move messages'), () => (dialog.value = 'move'))}
          {canResolve(m) && item(m.subject.startsWith('✔ ') ? t('Mark topic as unresolved') : t('Mark topic as resolved'), () => resolveTopic(m))}
          {item(t('Mark as unread from here'), () => markUnreadFrom(m))}
          {item(t('Remind me about this'), () => (messageDialog.value = { kind: 'remind', m }))}
          {item(t('Copy link to message'), () => copyText(messageLink(m), t('Link copied.')))}
          {item(t('View message source'), () => (messageDialog.value = { kind: 'source', m }))}
          {(m.last_edit_timestamp !== undefined || m.last_moved_timestamp !== undefined) && item(t('View edit history'), () => (messageDialog.value = { kind: 'history', m }))}
          {store.value!.realm.value.enable_read_receipts !== false && item(t('View read receipts'), () => (messageDialog.value = { kind: 'receipts', m }))}
          {m.sender_id !== store.value!.myId && !store.value!.mutedUsers.value.has(m.sender_id) && item(t('Mute {name}', { name: m.sender_full_name }), () => muteUser(m.sender_id))}
          {canDelete(m) && item(t('Delete message'), () => (dialog.value = 'delete'))}
        </Popover>
      )}
      {dialog.value === 'edit' && <EditDialog m={m} onClose={() => (dialog.value = 'none')} />}
      {dialog.value === 'move' && <MoveDialog m={m} onClose={() => (dialog.value = 'none')} />}
      {dialog.value === 'delete' && (
        <Modal title={t('Delete message?')} onClose={() => (dialog.value = 'none')}>
          <p>{t('This deletes the message for everyone. It cannot be undone.')}</p>
          <div class="form-actions">
            <button class="button" onClick={() => (dialog.value = 'none')}>{t('Cancel')}</button>
            <button class="button danger" onClick={() => { dialog.value = 'none'; api.del(`/messages/${m.id}`).catch(fail); }}>{t('Delete')}</button>
          </div>
        </Modal>
      )}
    </div>
  );
}

function EditDialog({ m, onClose }: { m: Message; onClose: () => void }) {
  const text = useSignal<string | null>(null);
  const saving = useSignal(false);
  const loaded = useRef(false);
  if (!loaded.current) {
    loaded.current = true;
    api.get<{ raw_content: string }>(`/messages/${m.id}`, { apply_markdown: false }).then((r) => (text.value = r.raw_content)).catch(fail);
  }
  const save = async () => {
    saving.value = true;
    try {
      await api.patch(`/messages/${m.id}`, { content: text.value ?? '' });
      onClose();
      selectedId.value = m.id;
    } catch (e) { fail(e); } finally { saving.value = false; }
  };
  return (
    <Modal title={t('Edit message')} onClose={onClose} wide>
      {text.value === null ? <p>{t('Loading…')}</p> : (
        <textarea class="input textarea" aria-label={t('Message text')} value={text.value} rows={6}
          onInput={(e) => (text.value = (e.target as HTMLTextAreaElement).value)}
          onKeyDown={(e) => { if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); void save(); } }} />
      )}
      <div class="form-actions">
        <button class="button" onClick={onClose}>{t('Cancel')}</button>
        <button class="button primary" disabled={saving.value || text.value === null} onClick={save}>{t('Save')}</button>
      </div>
    </Modal>
  );
}

export function MoveDialog({ m, onClose }: { m: Message; onClose: () => void }) {
  const s = store.value!;
  const topic = useSignal(m.subject);
  const stream = useSignal(m.stream_id!);
  const mode = useSignal<'change_one' | 'change_later' | 'change_all'>('change_all');
  const notifyOld = useSignal(true);
  const notifyNew = useSignal(true);
  const submit = async (e: Event) => {
    e.preventDefault();
    const params: Record<string, unknown> = { topic: topic.value, propagate_mode: mode.value, send_notification_to_old_thread: notifyOld.value, send_notification_to_new_thread: notifyNew.value };
    if (stream.value !== m.stream_id) params.stream_id = stream.value;
    try {
      await api.patch(`/messages/${m.id}`, params);
      onClose();
    } catch (err) { fail(err); }
  };
  return (
    <Modal title={t('Move messages')} onClose={onClose}>
      <form onSubmit={submit} class="form">
        <label class="field"><span>{t('Channel')}</span>
          <select class="input" value={stream.value} onChange={(e) => (stream.value = Number((e.target as HTMLSelectElement).value))}>
            {[...s.subs.value.values()].map((x) => <option key={x.stream_id} value={x.stream_id}>{x.name}</option>)}
          </select>
        </label>
        <label class="field"><span>{t('Topic')}</span>
          <input class="input" value={topic.value} maxLength={s.realm.value.max_topic_length ?? 60} onInput={(e) => (topic.value = (e.target as HTMLInputElement).value)} />
        </label>
        <label class="field"><span>{t('Which messages')}</span>
          <select class="input" value={mode.value} onChange={(e) => (mode.value = (e.target as HTMLSelectElement).value as any)}>
            <option value="change_one">{t('Only this message')}</option>
            <option value="change_later">{t('This and all following messages')}</option>
            <option value="change_all">{t('All messages in this topic')}</option>
          </select>
        </label>
        <label class="check"><input type="checkbox" checked={notifyOld.value} onChange={(e) => (notifyOld.value = (e.target as HTMLInputElement).checked)} /> {t('Send a notice to the old topic')}</label>
        <label class="check"><input type="checkbox" checked={notifyNew.value} onChange={(e) => (notifyNew.value = (e.target as HTMLInputElement).checked)} /> {t('Send a notice to the new topic')}</label>
        <div class="form-actions">
          <button type="button" class="button" onClick={onClose}>{t('Cancel')}</button>
          <button type="submit" class="button primary">{t('Move')}</button>
        </div>
      </form>
    </Modal>
  );
}
