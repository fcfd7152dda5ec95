import { t } from '../i18n/i18n.ts';
import { signal, useSignal } from '@preact/signals';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { api, ApiError } from '../api.ts';
import { store, loadTopics } from '../live.ts';
import { conversationOf } from '../narrow.ts';
import { rank, triggerAt, type TriggerKind } from '../typeahead.ts';
import { hasEmoji, searchEmoji, showEmoji } from '../emoji.ts';
import { EmojiGlyph, customEmoji } from './Emoji.tsx';
import { enhanceHtml, ensureKatexStyles, hasMath } from '../rendered.ts';
import { dmKey } from '../unread.ts';
import type { Message } from '../types.ts';
import { compose, showToast, view, type ComposeTarget } from './app-state.ts';
import { drafts, dropDraft, rememberDraft, seedDrafts, targetKey } from './drafts.ts';
import { Avatar, Popover } from './common.tsx';
import { Icon } from './icons.tsx';
import { messageLink } from './MessageActions.tsx';
import { FormatBar, ScheduleDialog, SendMenu } from './ComposeTools.tsx';
import { formatForKey, wrap, type Edit, type Format } from '../format.ts';

/** Zulip's expanded compose box: taller, kept across messages until collapsed. */
const expanded = signal(false);

export function openCompose(target: ComposeTarget, focus: 'topic' | 'to' | 'content' = 'content', content?: string) {
  seedDrafts();
  const cur = compose.value;
  if (cur.open && cur.content) rememberDraft(cur.target, cur.content);
  compose.value = { open: true, target, content: content ?? drafts.get(targetKey(target))?.content ?? '', focus };
}

/** The compose box's target for the current narrow (reply to the narrowed conversation). */
export function defaultTarget(): ComposeTarget {
  const v = view.value;
  const conv = v.kind === 'narrow' ? conversationOf(v.terms) : {};
  if (conv.dm) return { kind: 'private', topic: '', to: conv.dm };
  const first = [...store.value!.subs.value.keys()][0];
  return { kind: 'stream', streamId: conv.channel ?? first, topic: conv.topic ?? '', to: [] };
}

export function targetOf(m: Message): ComposeTarget {
  const s = store.value!;
  return m.type === 'stream'
    ? { kind: 'stream', streamId: m.stream_id, topic: m.subject, to: [] }
    : { kind: 'private', topic: '', to: (m.dmUserIds ?? []).filter((id) => id !== s.myId).length ? (m.dmUserIds ?? []).filter((id) => id !== s.myId) : [s.myId] };
}

export const openComposeFor = (m: Message) => openCompose(targetOf(m));

export async function quoteAndReply(m: Message) {
  const s = store.value!;
  try {
    const r = await api.get<{ raw_content: string }>(`/messages/${m.id}`, { apply_markdown: false });
    const quote = `@_**${s.userName(m.sender_id)}|${m.sender_id}** [said](${messageLink(m)}):\n\`\`\`quote\n${r.raw_content}\n\`\`\`\n`;
    const tg = targetOf(m);
    const existing = compose.value.open && targetKey(compose.value.target) === targetKey(tg) ? compose.value.content : '';
    openCompose(tg, 'content', (existing ? existing + '\n' : '') + quote);
  } catch (e) {
    showToast(e instanceof ApiError ? e.message : t('Could not load the message.'), 'error');
  }
}

/** Sends leave one after another, in the order they were pressed: a message sent while the previous one is still
 *  on its way waits for it (whatever its outcome), so the server stores them in the order the person wrote them. */
let sendQueue: Promise<unknown> = Promise.resolve();
function inOrder<T>(post: () => Promise<T>): Promise<T> {
  const next = sendQueue.catch(() => undefined).then(post);
  sendQueue = next;
  return next;
}

// Typing notifications: start at most every 10 s while typing, stop after 5 s of quiet or on send.
let typingTarget = '';
let typingSent = 0;
let typingStop: ReturnType<typeof setTimeout> | undefined;

function typingParams(tg: ComposeTarget) {
  return tg.kind === 'stream' ? { type: 'stream', stream_id: tg.streamId, topic: tg.topic } : { type: 'direct', to: tg.to };
}

function noteTyping(tg: ComposeTarget) {
  if (tg.kind === 'private' ? !tg.to.length : tg.streamId === undefined) return;
  const key = targetKey(tg);
  const now = Date.now();
  if (key !== typingTarget || now - typingSent > 10000) {
    typingTarget = key;
    typingSent = now;
    api.post('/typing', { op: 'start', ...typingParams(tg) }).catch(() => undefined);
  }
  clearTimeout(typingStop);
  typingStop = setTimeout(() => stopTyping(tg), 5000);
}

function stopTyping(tg: ComposeTarget) {
  clearTimeout(typingStop);
  if (!typingTarget) return;
  typingTarget = '';
  typingSent = 0;
  api.post('/typing', { op: 'stop', ...typingParams(tg) }).catch(() => undefined);
}

interface Suggestion { key: string; label: string; detail?: string; insert: string; icon?: preact.ComponentChildren }

function suggestionsFor(kind: TriggerKind, query: string): Suggestion[] {
  const s = store.value!;
  if (kind === 'mention') {
    const users = rank([...s.users.value.values()].filter((u) => u.is_active !== false), query, (u) => [u.full_name, u.email], 6)
      .map((u): Suggestion => ({ key: 'u' + u.user_id, label: u.full_name, detail: u.delivery_email ?? u.email, insert: `@**${u.full_name}|${u.user_id}** `, icon: <Avatar userId={u.user_id} name={u.full_name} url={u.avatar_url} size={20} /> }));
    const groups = rank([...s.groups.value.values()].filter((g) => !g.is_system_group && !g.deactivated), query, (g) => [g.name], 3)
      .map((g): Suggestion => ({ key: 'g' + g.id, label: g.name, detail: 'group', insert: `@*${g.name}* `, icon: <Icon name="people" size={16} /> }));
    const wild = rank(['all', 'everyone', 'channel', 'topic'], query, (w) => [w], 2).map((w): Suggestion => ({ key: 'w' + w, label: w, detail: 'notify everyone', insert: `@**${w}** ` }));
    return [...users, ...groups, ...wild].slice(0, 8);
  }
  if (kind === 'channel') {
    return rank([...s.streams.value.values()], query, (c) => [c.name], 8)
      .map((c) => ({ key: 'c' + c.stream_id, label: c.name, detail: c.description, insert: `#**${c.name}** `, icon: <Icon name="hash" size={16} /> }));
  }
  return searchEmoji(query, customEmoji(), 8)
    .map((e) => ({ key: 'e' + e.name, label: e.name, insert: `:${e.name}: `, icon: <EmojiGlyph name={e.name} code={e.code} type={e.type} /> }));
}

export function Compose() {
  const s = store.value!;
  const c = compose.value;
  const textarea = useRef<HTMLTextAreaElement>(null);
  const topicInput = useRef<HTMLInputElement>(null);
  const toInput = useRef<HTMLInputElement>(null);
  const caret = useSignal(0);
  const active = useSignal(0);
  const preview = useSignal<string | null>(null);
  const uploading = useSignal(0);
  const snippets = useSignal(false);
  const topicQuery = useSignal<string | null>(null);
  const toQuery = useSignal('');
  const topics = c.target.streamId !== undefined ? s.topics.value.get(c.target.streamId) : undefined;
  const sendMenu = useSignal(false);
  const scheduling = useSignal(false);

  // Focus in a layout effect: keys typed right after `r` or `c` must land in the box, not the page.
  // It runs once per request: clearing `focus` below runs it again, which must not move the focus on.
  useLayoutEffect(() => {
    if (!c.open || c.focus === undefined) return;
    const el = c.focus === 'topic' ? topicInput.current : c.focus === 'to' ? toInput.current : textarea.current;
    el?.focus();
    if (c.focus === 'content' && textarea.current) textarea.current.selectionStart = textarea.current.selectionEnd = textarea.current.value.length;
    if (c.target.kind === 'stream' && c.target.streamId !== undefined && !topics) void loadTopics(c.target.streamId!);
    compose.value = { ...compose.value, focus: undefined };
  }, [c.open, c.focus]);

  if (!c.open) {
    const tg = defaultTarget();
    const label = tg.kind === 'private' ? t('Message {names}', { names: tg.to.map((id) => s.userName(id)).join(', ') })
      : tg.topic && tg.streamId !== undefined ? t('Message #{channel} › {topic}', { channel: s.streamName(tg.streamId), topic: tg.topic }) : t('Start new conversation');
    return (
      <div class="compose-closed">
        <button class="compose-open-button" onClick={() => openCompose(tg, tg.kind === 'stream' && !tg.topic ? 'topic' : 'content')}>{label}</button>
        <button class="button" onClick={() => openCompose({ kind: 'private', topic: '', to: [] }, 'to')} title={t('New direct message (x)')}>{t('New DM')}</button>
      </div>
    );
  }

  const setContent = (content: string) => {
    compose.value = { ...compose.value, content };
    rememberDraft(compose.value.target, content);
    preview.value = null;
  };
  const setTarget = (target: ComposeTarget) => {
    if (c.content) rememberDraft(c.target, c.content);
    compose.value = { ...compose.value, target, content: drafts.get(targetKey(target))?.content ?? c.content };
  };

  // Zulip's enter_sends (off by default): Enter sends, or Ctrl+Enter does and Enter starts a new line.
  const enterSends = s.settings.value.enter_sends === true;
  const trig = triggerAt(c.content, caret.value);
  const suggestions = trig ? suggestionsFor(trig.kind, trig.query) : [];
  const pick = (sg: Suggestion) => {
    if (!trig) return;
    const next = c.content.slice(0, trig.start) + sg.insert + c.content.slice(caret.value);
    setContent(next);
    const pos = trig.start + sg.insert.length;
    caret.value = pos;
    requestAnimationFrame(() => { const el = textarea.current; if (el) { el.focus(); el.selectionStart = el.selectionEnd = pos; } });
  };

  const send = async () => {
    const tg = compose.value.target;
    const content = compose.value.content;
    if (!content.trim()) return;
    if (tg.kind === 'stream' && tg.streamId === undefined) return showToast(t('Choose a channel first.'), 'error');
    if (tg.kind === 'private' && tg.to.length === 0) return showToast(t('Add at least one recipient.'), 'error');
    // The box empties at once, as Zulip's does, so that the next message can be typed (and sent while this one is
    // still on its way: a send pressed then is queued, never dropped); a failed send puts the text back.
    compose.value = { ...compose.value, content: '' };
    preview.value = null;
    try {
      await inOrder(() => api.post('/messages', tg.kind === 'stream'
        ? { type: 'stream', to: tg.streamId, topic: tg.topic, content }
        : { type: 'direct', to: tg.to, content }));
      stopTyping(tg);
      void dropDraft(tg);
    } catch (e) {
      if (!compose.value.content) compose.value = { ...compose.value, content };
      showToast(e instanceof ApiError ? e.message : t('Could not send the message.'), 'error');
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (suggestions.length) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        active.value = (active.value + (e.key === 'ArrowDown' ? 1 : suggestions.length - 1)) % suggestions.length;
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') { e.preventDefault(); pick(suggestions[Math.min(active.value, suggestions.length - 1)]!); return; }
      if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); caret.value = -1; return; }
    }
    const format = formatForKey(e);
    if (format) { e.preventDefault(); applyFormat(format); return; }
    if (e.key === 'Enter' && !e.isComposing && !e.shiftKey) {
      const ctrl = e.ctrlKey || e.metaKey;
      if (enterSends !== ctrl) { e.preventDefault(); void send(); return; }
      if (ctrl) { e.preventDefault(); applyEdit(insertAt(c.content, (e.target as HTMLTextAreaElement).selectionStart, (e.target as HTMLTextAreaElement).selectionEnd, '\n')); }
    }
    if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); closeCompose(); }
  };

  const applyEdit = (edit: Edit) => {
    setContent(edit.content);
    caret.value = edit.end;
    requestAnimationFrame(() => { const el = textarea.current; if (el) { el.focus(); el.setSelectionRange(edit.start, edit.end); } });
  };
  const applyFormat = (f: Format) => {
    const el = textarea.current;
    if (el) applyEdit(wrap(compose.value.content, el.selectionStart, el.selectionEnd, f));
  };
  /** A block (a poll, a call link) on a line of its own at the caret. */
  const insertBlock = (text: string) => {
    const el = textarea.current;
    const cur = compose.value.content;
    const at = el ? el.selectionEnd : cur.length;
    const lead = at > 0 && cur[at - 1] !== '\n' ? '\n' : '';
    applyEdit(insertAt(cur, at, at, lead + text + '\n'));
  };

  const upload = async (files: FileList | File[]) => {
    for (const f of Array.from(files)) {
      uploading.value++;
      const form = new FormData();
      form.append('file', f, f.name);
      try {
        const r = await api.upload<{ url: string; uri?: string; filename?: string }>('/user_uploads', form);
        const link = `[${r.filename ?? f.name}](${r.url ?? r.uri})`;
        const cur = compose.value.content;
        setContent(cur + (cur && !cur.endsWith('\n') && !cur.endsWith(' ') ? ' ' : '') + link + ' ');
      } catch (e) {
        showToast(e instanceof ApiError ? e.message : t('Upload failed.'), 'error');
      } finally {
        uploading.value--;
      }
    }
  };

  const showPreview = async () => {
    if (preview.value !== null) { preview.value = null; return; }
    try {
      const r = await api.post<{ rendered: string }>('/messages/render', { content: c.content || ' ' });
      preview.value = enhanceHtml(r.rendered, s.user(s.myId)?.full_name);
      if (hasMath(r.rendered)) ensureKatexStyles();
      if (hasEmoji(r.rendered)) showEmoji();
    } catch (e) { showToast(e instanceof ApiError ? e.message : t('Preview failed.'), 'error'); }
  };

  const tg = c.target;
  const topicMatches = topicQuery.value !== null ? rank(topics ?? [], topicQuery.value, (x) => [x.name], 6).filter((x) => x.name !== tg.topic) : [];
  const userMatches = toQuery.value ? rank([...s.users.value.values()].filter((u) => u.is_active !== false && !tg.to.includes(u.user_id)), toQuery.value, (u) => [u.full_name, u.email], 6) : [];
  const maxLen = s.realm.value.max_topic_length ?? 60;

  return (
    <section class={'compose' + (expanded.value ? ' expanded' : '')} aria-label={t('Compose message')}
      onDragOver={(e) => { e.preventDefault(); }}
      onDrop={(e) => { e.preventDefault(); if (e.dataTransfer?.files.length) void upload(e.dataTransfer.files); }}>
      <div class="compose-target">
        <div class="segmented" role="group" aria-label={t('Message type')}>
          <button class={tg.kind === 'stream' ? 'on' : ''} aria-pressed={tg.kind === 'stream'} onClick={() => setTarget({ kind: 'stream', streamId: defaultTarget().streamId, topic: '', to: [] })}>{t('Channel')}</button>
          <button class={tg.kind === 'private' ? 'on' : ''} aria-pressed={tg.kind === 'private'} onClick={() => setTarget({ kind: 'private', topic: '', to: [] })}>{t('Direct')}</button>
        </div>
        {tg.kind === 'stream' ? (
          <>
            <select class="input compose-channel" aria-label={t('Channel')} value={tg.streamId}
              onChange={(e) => { const id = Number((e.target as HTMLSelectElement).value); setTarget({ ...tg, streamId: id }); void loadTopics(id); }}>
              {[...s.subs.value.values()].map((x) => <option key={x.stream_id} value={x.stream_id}>#{x.name}</option>)}
            </select>
            <span class="rh-sep" aria-hidden="true">›</span>
            <div class="typeahead-wrap grow">
              <input ref={topicInput} class="input" aria-label={t('Topic')} placeholder={s.realm.value.empty_topic_display_name ?? 'Topic'} value={tg.topic} maxLength={maxLen}
                aria-autocomplete="list" aria-controls={topicMatches.length ? "topic-typeahead" : undefined}
                onInput={(e) => { const v = (e.target as HTMLInputElement).value; topicQuery.value = v; setTarget({ ...tg, topic: v }); }}
                onFocus={() => (topicQuery.value = tg.topic)} onBlur={() => setTimeout(() => (topicQuery.value = null), 150)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || (e.key === 'Tab' && !e.shiftKey && topicMatches.length)) {
                    e.preventDefault();
                    if (topicMatches.length && topicQuery.value) setTarget({ ...tg, topic: topicMatches[0]!.name });
                    topicQuery.value = null;
                    textarea.current?.focus();
                  }
                  if (e.key === 'Escape') { e.stopPropagation(); closeCompose(); }
                }} />
              {topicMatches.length > 0 && (
                <ul class="typeahead" id="topic-typeahead" role="listbox" aria-label={t('Topics')}>
                  {topicMatches.map((x) => <li key={x.name} role="option" aria-selected="false" onMouseDown={(e) => { e.preventDefault(); setTarget({ ...tg, topic: x.name }); topicQuery.value = null; textarea.current?.focus(); }}>{x.name}</li>)}
                </ul>
              )}
            </div>
          </>
        ) : (
          <div class="typeahead-wrap grow recipients">
            {tg.to.map((id) => (
              <span class="pill" key={id}>{s.userName(id)}
                <button class="pill-x" aria-label={t('Remove {name}', { name: s.userName(id) })} onClick={() => setTarget({ ...tg, to: tg.to.filter((x) => x !== id) })}><Icon name="close" size={12} /></button>
              </span>
            ))}
            <input ref={toInput} class="input bare" aria-label={t('Recipients')} placeholder={tg.to.length ? t('Add another') : t('Type a name or email')} value={toQuery.value}
              onInput={(e) => (toQuery.value = (e.target as HTMLInputElement).value)}
              onKeyDown={(e) => {
                if ((e.key === 'Enter' || e.key === 'Tab') && userMatches.length) { e.preventDefault(); setTarget({ ...tg, to: [...tg.to, userMatches[0]!.user_id] }); toQuery.value = ''; }
                else if (e.key === 'Enter') { e.preventDefault(); textarea.current?.focus(); }
                else if (e.key === 'Backspace' && !toQuery.value && tg.to.length) setTarget({ ...tg, to: tg.to.slice(0, -1) });
                else if (e.key === 'Escape') { e.stopPropagation(); closeCompose(); }
              }} />
            {userMatches.length > 0 && (
              <ul class="typeahead" role="listbox" aria-label={t('People')}>
                {userMatches.map((u) => (
                  <li key={u.user_id} role="option" aria-selected="false" onMouseDown={(e) => { e.preventDefault(); setTarget({ ...tg, to: [...tg.to, u.user_id] }); toQuery.value = ''; toInput.current?.focus(); }}>
                    <Avatar userId={u.user_id} name={u.full_name} url={u.avatar_url} size={20} /> {u.full_name} <span class="muted-text">{u.delivery_email ?? u.email}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <button class="icon-button" aria-label={t('Close compose box')} title={t('Close (Esc)')} onClick={closeCompose}><Icon name="close" /></button>
      </div>
      <div class="typeahead-wrap">
        {preview.value !== null
          ? <div class="compose-preview rendered" aria-label={t('Preview')} dangerouslySetInnerHTML={{ __html: preview.value || '<p><em>Nothing to preview</em></p>' }} />
          : <textarea ref={textarea} class="input textarea compose-text" aria-label={t('Message')} rows={3}
              placeholder={tg.kind === 'stream' ? t('Message #{channel}{topic}', { channel: s.streamName(tg.streamId), topic: tg.topic ? ' › ' + tg.topic : '' }) : t('Message')}
              value={c.content} maxLength={s.realm.value.max_message_length ?? 10000}
              aria-autocomplete="list" aria-controls={suggestions.length ? "compose-typeahead" : undefined}
              aria-activedescendant={suggestions.length ? `sg-${suggestions[Math.min(active.value, suggestions.length - 1)]!.key}` : undefined}
              onInput={(e) => { const el = e.target as HTMLTextAreaElement; caret.value = el.selectionStart; active.value = 0; setContent(el.value); noteTyping(compose.value.target); }}
              onKeyUp={(e) => { if (e.key.startsWith('Arrow') && !suggestions.length) caret.value = (e.target as HTMLTextAreaElement).selectionStart; }}
              onClick={(e) => (caret.value = (e.target as HTMLTextAreaElement).selectionStart)}
              onKeyDown={onKeyDown}
              onPaste={(e) => { const files = e.clipboardData?.files; if (files && files.length) { e.preventDefault(); void upload(files); } }} />}
        {suggestions.length > 0 && preview.value === null && (
          <ul class="typeahead" id="compose-typeahead" role="listbox" aria-label={t('Suggestions')}>
            {suggestions.map((sg, i) => (
              <li key={sg.key} id={`sg-${sg.key}`} role="option" aria-selected={i === active.value} class={i === active.value ? 'active' : ''}
                onMouseDown={(e) => { e.preventDefault(); pick(sg); }}>
                {sg.icon} <span>{sg.label}</span> {sg.detail && <span class="muted-text">{sg.detail}</span>}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div class="compose-toolbar">
        <FormatBar onFormat={applyFormat} onInsert={insertBlock} />
        <label class="icon-button file-button" title={t('Upload files')}>
          <input type="file" multiple class="visually-hidden" aria-label={t('Upload files')} onChange={(e) => { const el = e.target as HTMLInputElement; if (el.files) void upload(el.files); el.value = ''; }} />
          <Icon name="clip" />
        </label>
        <div class="popover-anchor">
          <button class="icon-button" aria-label={t('Insert saved snippet')} aria-haspopup="menu" title={t('Saved snippets')} onClick={() => (snippets.value = true)}><Icon name="snippet" /></button>
          {snippets.value && (
            <Popover onClose={() => (snippets.value = false)} label={t('Saved snippets')} class="menu up">
              {s.snippets.value.length === 0 && <p class="empty-note">{t('No saved snippets yet. Add them in Settings.')}</p>}
              {s.snippets.value.map((sn) => (
                <button key={sn.id} role="menuitem" class="menu-item" onClick={() => { snippets.value = false; setContent(c.content + sn.content); textarea.current?.focus(); }}>{sn.title}</button>
              ))}
            </Popover>
          )}
        </div>
        <button class={'icon-button' + (preview.value !== null ? ' on' : '')} aria-pressed={preview.value !== null} aria-label={t('Preview')} title={t('Preview')} onClick={showPreview}><Icon name="eye" /></button>
        {uploading.value > 0 && <span class="muted-text" role="status">{t('Uploading…')}</span>}
        <span class="grow" />
        <button class={'icon-button' + (expanded.value ? ' on' : '')} aria-pressed={expanded.value} aria-label={expanded.value ? t('Collapse compose box') : t('Expand compose box')}
          title={expanded.value ? t('Collapse compose box') : t('Expand compose box')} onClick={() => (expanded.value = !expanded.value)}><Icon name="expand" /></button>
        <span class="hint">{enterSends ? t('Enter to send · Shift+Enter for a new line') : 'Ctrl+Enter to send · Enter for a new line'}</span>
        <div class="send-group popover-anchor">
          <button class="button primary send-button" onClick={send} disabled={!c.content.trim()}>{t('Send')}</button>
          <button class="button primary send-options" aria-label={t('Send options')} aria-haspopup="menu" aria-expanded={sendMenu.value} onClick={() => (sendMenu.value = !sendMenu.value)}><Icon name="chevron" size={14} /></button>
          {sendMenu.value && (
            <Popover onClose={() => (sendMenu.value = false)} label={t('Send options')} class="menu up right-edge">
              <SendMenu onClose={() => (sendMenu.value = false)} onSchedule={() => (scheduling.value = true)} />
            </Popover>
          )}
        </div>
      </div>
      {scheduling.value && (
        <ScheduleDialog target={c.target} content={c.content} onClose={() => (scheduling.value = false)}
          onScheduled={() => { void dropDraft(c.target); compose.value = { ...compose.value, content: '' }; }} />
      )}
    </section>
  );
}

const insertAt = (text: string, start: number, end: number, insert: string): Edit =>
  ({ content: text.slice(0, start) + insert + text.slice(end), start: start + insert.length, end: start + insert.length });

export function closeCompose() {
  const c = compose.value;
  if (c.content) rememberDraft(c.target, c.content);
  compose.value = { ...c, open: false, content: '' };
  (document.querySelector('.message.selected') as HTMLElement | null)?.focus();
}

/** "Ada is typing…" for the conversation the compose box or the narrow is on. */
export function TypingNotice() {
  const s = store.value!;
  const v = view.value;
  const conv = v.kind === 'narrow' ? conversationOf(v.terms) : {};
  let key: string | null = null;
  if (conv.dm) key = 'd:' + dmKey(conv.dm, s.myId);
  else if (conv.channel !== undefined && conv.topic !== undefined) key = `s:${conv.channel}\u0000${conv.topic.toLowerCase()}`;
  const users = key ? [...(s.typing.value.get(key)?.entries() ?? [])].filter(([, exp]) => exp > Date.now()).map(([id]) => s.userName(id)) : [];
  return <div class="typing" aria-live="polite">{users.length ? `${users.join(', ')} ${users.length === 1 ? 'is' : 'are'} typing…` : ''}</div>;
}
