// Zulip's message widgets, polls and to-do lists: a message's first submessage (from its sender,
// msg_type "widget") names the widget and its starting data; every later submessage is one change
// (a vote, a new option, a new task, a checked task, a new question or title). The state is what
// applying them in order gives, as Zulip's web app computes it (web/shared/src/poll_data.ts,
// web/src/todo_widget.ts): canned options are keyed "canned,<i>", added ones "<sender>,<idx>"; canned
// tasks "<i>,canned", added ones "<idx>,<sender>"; only the author changes the question or title.
import type { EventOf, Message, Submessage } from './types.ts';

export interface PollOption { key: string; option: string; voters: number[] }
export interface Poll { kind: 'poll'; question: string; options: PollOption[]; author: number; nextIdx: number }
export interface Task { key: string; task: string; desc: string; completed: boolean }
export interface Todo { kind: 'todo'; title: string; tasks: Task[]; author: number; nextIdx: number }
export type Widget = Poll | Todo;

function parse(content: string): any {
  try {
    const v = JSON.parse(content);
    return v && typeof v === 'object' ? v : null;
  } catch {
    return null;
  }
}

/** The message's widget with every submessage applied, or null when it has none. `me` numbers my next option or task. */
export function widgetOf(m: Message, me: number): Widget | null {
  const subs = m.submessages ?? [];
  const first = subs[0];
  const w = first && first.sender_id === m.sender_id && first.msg_type === 'widget' ? parse(first.content) : null;
  const extra = w?.extra_data ?? {};
  if (w?.widget_type === 'poll') return poll(m, extra, subs.slice(1), me);
  if (w?.widget_type === 'todo') return todo(m, extra, subs.slice(1), me);
  return null;
}

function poll(m: Message, extra: any, changes: Submessage[], me: number): Poll {
  const p: Poll = { kind: 'poll', question: String(extra.question ?? ''), options: [], author: m.sender_id, nextIdx: 1 };
  const byKey = new Map<string, PollOption>();
  const add = (key: string, option: string) => {
    if (byKey.has(key)) return;
    const o = { key, option, voters: [] as number[] };
    byKey.set(key, o);
    p.options.push(o);
  };
  (Array.isArray(extra.options) ? extra.options : []).forEach((o: unknown, i: number) => add(`canned,${i}`, String(o)));
  for (const sm of changes) {
    const d = parse(sm.content);
    if (d?.type === 'new_option' && Number.isInteger(d.idx)) {
      add(`${sm.sender_id},${d.idx}`, String(d.option));
      if (sm.sender_id === me && d.idx >= p.nextIdx) p.nextIdx = d.idx + 1;
    } else if (d?.type === 'question' && sm.sender_id === m.sender_id) {
      p.question = String(d.question);
    } else if (d?.type === 'vote') {
      const o = byKey.get(String(d.key));
      if (!o) continue;
      o.voters = o.voters.filter((v) => v !== sm.sender_id);
      if (d.vote === 1) o.voters.push(sm.sender_id);
    }
  }
  return p;
}

function todo(m: Message, extra: any, changes: Submessage[], me: number): Todo {
  const t: Todo = { kind: 'todo', title: String(extra.task_list_title ?? ''), tasks: [], author: m.sender_id, nextIdx: 1 };
  const byKey = new Map<string, Task>();
  const add = (key: string, task: string, desc: string, completed: boolean) => {
    if (byKey.has(key)) return;
    const x = { key, task, desc, completed };
    byKey.set(key, x);
    t.tasks.push(x);
  };
  (Array.isArray(extra.tasks) ? extra.tasks : []).forEach((x: any, i: number) => add(`${i},canned`, String(x?.task ?? ''), String(x?.desc ?? ''), false));
  for (const sm of changes) {
    const d = parse(sm.content);
    if (d?.type === 'new_task' && Number.isInteger(d.key)) {
      add(`${d.key},${sm.sender_id}`, String(d.task), String(d.desc ?? ''), !!d.completed);
      if (sm.sender_id === me && d.key >= t.nextIdx) t.nextIdx = d.key + 1;
    } else if (d?.type === 'strike') {
      const x = byKey.get(String(d.key));
      if (x) x.completed = !x.completed;
    } else if (d?.type === 'new_task_list_title' && sm.sender_id === m.sender_id) {
      t.title = String(d.title);
    }
  }
  return t;
}

/** What the client posts (POST /submessage `content`) for each action. */
export const changes = {
  vote: (p: Poll, key: string, me: number) => ({ type: 'vote', key, vote: p.options.find((o) => o.key === key)?.voters.includes(me) ? -1 : 1 }),
  newOption: (p: Poll, option: string) => ({ type: 'new_option', idx: p.nextIdx, option }),
  newTask: (t: Todo, task: string, desc: string) => ({ type: 'new_task', key: t.nextIdx, task, desc, completed: false }),
  strike: (key: string) => ({ type: 'strike', key }),
};

/** The submessage event, as the message's list gets it (the same submessage only once). */
export function withSubmessage(m: Message, ev: EventOf<'submessage'>): Message {
  const subs = m.submessages ?? [];
  if (subs.some((x) => x.id === ev.submessage_id)) return m;
  return { ...m, submessages: [...subs, { id: ev.submessage_id, message_id: ev.message_id, sender_id: ev.sender_id, msg_type: ev.msg_type, content: ev.content }] };
}
