// Zulip's keyboard shortcuts, and `?` for the list of them. None fires while typing in a field;
// the list below is both the help dialog's content and what the handler implements.
import { t, N_ } from '../i18n/i18n.ts';
import { signal } from '@preact/signals';
import { store, markRead } from '../live.ts';
import type { Narrow } from '../narrow.ts';
import type { Message } from '../types.ts';
import { compose, go, messageDialog, narrowTo, revealInFeed, selectedId, sidebarOpen, view } from './app-state.ts';
import { closeCompose, defaultTarget, openCompose, openComposeFor, quoteAndReply, targetOf } from './Compose.tsx';
import { messageCommand, toggleReaction, toggleStar } from './MessageActions.tsx';
import { openFromMessage } from './Lightbox.tsx';
import { setTopicPolicy } from './Settings.tsx';
import { Modal } from './common.tsx';
import { channelTerms, fail, topicTerms } from './actions.ts';
import { api } from '../api.ts';
import { homeView, toApiNarrow } from '../narrow.ts';

export const helpOpen = signal(false);

/** [keys, what], grouped as Zulip's help groups them. */
export const SHORTCUTS: [string, [string, string][]][] = [
  [N_('The basics'), [
    ['?', N_('Show keyboard shortcuts')], ['/ or Ctrl+K', N_('Search messages')], ['q', N_('Filter channels')],
    ['Esc or Ctrl+[', N_('Close, or go to your home view')], ['c', N_('New channel message')], ['x', N_('New direct message')],
    ['r or Enter', N_('Reply to the selected message')], ['R', N_('Reply directly to the sender')], ['@', N_('Reply mentioning the sender')],
    ['>', N_('Quote and reply')],
  ]],
  [N_('Navigation'), [
    ['Shift+I', N_('Go to Inbox')], ['t', N_('Go to Recent conversations')], ['a', N_('Go to the combined feed')],
    ['Shift+P', N_('Go to direct message feed')], ['d', N_('Go to Drafts')], ['s', N_('Go to the channel of the selected message (again: its topic)')],
    ['S', N_('Go to the topic of the selected message')], ['n', N_('Next unread topic')], ['p', N_('Next unread direct message conversation')],
    ['A / D', N_('Previous / next channel')], ['j / ↓', N_('Next message')], ['k / ↑', N_('Previous message')],
    ['Home / End', N_('First / last message')],
  ]],
  [N_('The selected message'), [
    ['e', N_('Edit it')], ['i', N_('Open its menu')], [':', N_('Add a reaction')], ['+', N_('React with 👍')], ['*', N_('Star or unstar it')],
    ['Shift+U', N_('Mark as unread from here')], ['v', N_('Show its image in the lightbox')], ['Shift+V', N_('View read receipts')],
    ['Shift+M', N_('Mute or unmute its topic')],
  ]],
];

export function ShortcutHelp() {
  if (!helpOpen.value) return null;
  return (
    <Modal title={t('Keyboard shortcuts')} onClose={() => (helpOpen.value = false)} wide>
      {SHORTCUTS.map(([group, list]) => (
        <section key={group} class="shortcut-group">
          <h3>{t(group)}</h3>
          <table class="table shortcuts">
            <tbody>
              {list.map(([keys, what]) => (
                <tr key={keys}><td>{keys.split(' ').map((k, i) => (k === 'or' || k === '/' ? <span key={i}> {k} </span> : <kbd key={i}>{k}</kbd>))}</td><td>{t(what)}</td></tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </Modal>
  );
}

function typingInField(e: KeyboardEvent): boolean {
  const t = e.target as HTMLElement;
  return t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName);
}

function moveSelection(delta: number) {
  const s = store.value!;
  const ids = s.feed.value.ids;
  if (!ids.length) return;
  const i = selectedId.value === null ? ids.length - 1 : ids.indexOf(selectedId.value);
  const next = ids[Math.max(0, Math.min(ids.length - 1, (i < 0 ? ids.length - 1 : i) + delta))]!;
  selectedId.value = next;
  revealInFeed(next, (el) => {
    el?.scrollIntoView({ block: 'nearest' });
    // Only take focus from the page or another message: a key that opened compose meanwhile wins.
    const active = document.activeElement;
    if (!active || active === document.body || active.classList.contains('message')) el?.focus({ preventScroll: true });
  });
  if (s.unread.has(next)) markRead([next]);
}

const selected = (): Message | undefined => (selectedId.value !== null && view.value.kind === 'narrow' ? store.value!.messages.get(selectedId.value) : undefined);

function goHome() {
  const s = store.value!;
  const home = homeView(s.settings.value.web_home_view);
  go(home.kind === 'narrow' ? '#feed' : '#' + home.kind);
}

/** Keys that act on the selected message; false when there is none. */
function onMessageKey(key: string): boolean {
  const s = store.value!;
  const m = selected();
  if (!m) return false;
  switch (key) {
    case 'r': case 'Enter': openComposeFor(m); return true;
    case 'R': openCompose({ kind: 'private', topic: '', to: m.sender_id === s.myId ? targetOf(m).to : [m.sender_id] }); return true;
    case '@': openCompose(targetOf(m), 'content', `@**${m.sender_full_name}|${m.sender_id}** `); return true;
    case '>': void quoteAndReply(m); return true;
    case 'e': messageCommand.value = { id: m.id, kind: 'edit' }; return true;
    case 'i': messageCommand.value = { id: m.id, kind: 'menu' }; return true;
    case ':': messageCommand.value = { id: m.id, kind: 'emoji' }; return true;
    case '+': toggleReaction(m, '+1', '1f44d', 'unicode_emoji'); return true;
    case '*': void toggleStar(m); return true;
    case 'U': {
      const terms = s.feed.value.terms.filter((t) => t.operator !== 'near');
      void api.post('/messages/flags/narrow', { anchor: m.id, include_anchor: true, num_before: 0, num_after: 5000, op: 'remove', flag: 'read', narrow: toApiNarrow(terms) }).catch(fail);
      return true;
    }
    case 'v': {
      const a = document.querySelector<HTMLAnchorElement>(`.message[data-id="${m.id}"] .message_inline_image a`);
      return !!a && openFromMessage(a);
    }
    case 'V': messageDialog.value = { kind: 'receipts', m }; return true;
    case 'M': if (m.type === 'stream') void setTopicPolicy(m.stream_id!, m.subject, s.isMuted(m.stream_id!, m.subject) ? (s.subs.value.get(m.stream_id!)?.is_muted ? 2 : 0) : 1); return true;
    case 's': {
      if (m.type !== 'stream') { narrowTo([{ operator: 'dm', operand: targetOf(m).to.join(',') }]); return true; }
      const v = view.value;
      const inChannel = v.kind === 'narrow' && v.terms.length === 1 && v.terms[0]!.operator === 'channel';
      narrowTo(inChannel ? topicTerms(m.stream_id!, m.subject) : channelTerms(m.stream_id!));
      return true;
    }
    case 'S': if (m.type === 'stream') narrowTo(topicTerms(m.stream_id!, m.subject)); return true;
  }
  return false;
}

/** The subscribed channels in sidebar order (pinned first), for A and D. */
function cycleChannel(step: number) {
  const s = store.value!;
  const subs = [...s.subs.value.values()].sort((a, b) => Number(b.pin_to_top) - Number(a.pin_to_top) || a.name.localeCompare(b.name));
  if (!subs.length) return;
  const v = view.value;
  const here = v.kind === 'narrow' ? Number(v.terms.find((t) => t.operator === 'channel')?.operand) : NaN;
  const i = subs.findIndex((x) => x.stream_id === here);
  const next = subs[(i < 0 ? (step > 0 ? 0 : subs.length - 1) : (i + step + subs.length) % subs.length)]!;
  narrowTo(channelTerms(next.stream_id));
}

function nextUnread(dmOnly: boolean) {
  const s = store.value!;
  const v = view.value;
  const here = v.kind === 'narrow' ? JSON.stringify(v.terms) : '';
  const termsOf = (c: { streamId?: number; topic?: string; dmKey?: string }): Narrow => (c.streamId !== undefined ? topicTerms(c.streamId, c.topic ?? '') : [{ operator: 'dm', operand: c.dmKey! }]);
  const next = s.unread.firstUnreadConversations().find((c) => {
    if (dmOnly ? c.dmKey === undefined : c.streamId === undefined) return false;
    if (c.streamId !== undefined && s.isMuted(c.streamId, c.topic ?? '')) return false;
    return JSON.stringify(termsOf(c)) !== here;
  });
  if (next) narrowTo(termsOf(next));
}

const GO: Record<string, () => void> = {
  I: () => go('#inbox'), t: () => go('#recent'), a: () => go('#feed'), P: () => narrowTo([{ operator: 'is', operand: 'dm' }]), d: () => go('#drafts'),
  n: () => nextUnread(false), p: () => nextUnread(true), A: () => cycleChannel(-1), D: () => cycleChannel(1),
  c: () => { const t = defaultTarget(); openCompose({ kind: 'stream', streamId: t.streamId, topic: '', to: [] }, 'topic'); },
  x: () => openCompose({ kind: 'private', topic: '', to: [] }, 'to'),
  '/': () => document.getElementById('search')?.focus(),
  q: () => { sidebarOpen.value = true; document.querySelector<HTMLInputElement>('.sidebar-filter input')?.focus(); },
  '?': () => (helpOpen.value = true),
};

export function onShortcut(e: KeyboardEvent) {
  const ctrl = e.ctrlKey || e.metaKey;
  if (ctrl && !e.altKey && e.key.toLowerCase() === 'k') { e.preventDefault(); document.getElementById('search')?.focus(); return; }
  if (ctrl && e.key === '[' && !typingInField(e)) { e.preventDefault(); goHome(); return; }
  if (ctrl || e.altKey) return;
  if (e.key === 'Escape') {
    if (typingInField(e)) return;
    if (compose.value.open) return closeCompose();
    if (document.querySelector('.modal, .popover')) return;
    if (sidebarOpen.value) { sidebarOpen.value = false; return; }
    const v = view.value;
    if (v.kind === 'narrow' && (v.terms.length || store.value!.settings.value.web_home_view !== 'all_messages')) goHome();
    return;
  }
  if (typingInField(e) || document.querySelector('.modal')) return;
  if (!store.value) return;
  const inFeed = view.value.kind === 'narrow';
  const key = e.shiftKey && /^[a-z]$/i.test(e.key) ? e.key.toUpperCase() : e.key;
  if (key === 'Enter' && (e.target as HTMLElement).closest('button, a')) return;
  let done = true;
  switch (key) {
    case 'j': case 'ArrowDown': if (inFeed) moveSelection(1); else done = false; break;
    case 'k': case 'ArrowUp': if (inFeed) moveSelection(-1); else done = false; break;
    case 'End': case 'G': if (inFeed) moveSelection(1e9); else done = false; break;
    case 'Home': if (inFeed) moveSelection(-1e9); else done = false; break;
    default:
      if (inFeed && onMessageKey(key)) break;
      if (key === 'r' || key === 'Enter') { if (inFeed) openCompose(defaultTarget()); else done = false; break; }
      if (GO[key]) GO[key]!(); else done = false;
  }
  if (done) e.preventDefault();
}
