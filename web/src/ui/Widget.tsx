// A message's poll or to-do list (Zulip's widgets), shown in place of its text: everyone who has the
// message votes, adds options and tasks, and checks tasks; each action is one POST /submessage, and
// everyone's view follows the submessage events (widgets.ts holds the rules).
import { t, tn } from '../i18n/i18n.ts';
import { useSignal } from '@preact/signals';
import { api, ApiError } from '../api.ts';
import { store } from '../live.ts';
import type { Message } from '../types.ts';
import { changes, widgetOf, type Poll, type Todo } from '../widgets.ts';
import { showToast } from './app-state.ts';

const send = (m: Message, data: object) =>
  api.post('/submessage', { message_id: m.id, msg_type: 'widget', content: JSON.stringify(data) })
    .catch((e) => showToast(e instanceof ApiError ? e.message : t('Something went wrong.'), 'error'));

/** The widget of a message that has one, else null (the caller then shows its text). */
export function MessageWidget({ m }: { m: Message }) {
  const me = store.value!.myId;
  const w = widgetOf(m, me);
  if (!w) return null;
  return w.kind === 'poll' ? <PollView m={m} p={w} me={me} /> : <TodoView m={m} tg={w} />;
}

export const hasWidget = (m: Message) => (m.submessages?.length ?? 0) > 0 && widgetOf(m, 0) !== null;

function PollView({ m, p, me }: { m: Message; p: Poll; me: number }) {
  const s = store.value!;
  const option = useSignal('');
  const names = (ids: number[]) => ids.map((id) => s.user(id)?.full_name ?? t('Unknown user')).join(', ');
  const add = (e: Event) => {
    e.preventDefault();
    const text = option.value.trim();
    if (!text) return;
    send(m, changes.newOption(p, text));
    option.value = '';
  };
  return (
    <div class="widget poll" data-widget="poll">
      <div class="widget-title">{p.question || 'Poll'}</div>
      <ul class="poll-options">
        {p.options.map((o) => {
          const mine = o.voters.includes(me);
          return (
            <li key={o.key} class="poll-option">
              <button class={'poll-vote' + (mine ? ' voted' : '')} aria-pressed={mine} title={o.voters.length ? names(o.voters) : t('No votes yet')}
                aria-label={tn(o.voters.length, '{option}: {n} vote', '{option}: {n} votes', { option: o.option })} onClick={() => send(m, changes.vote(p, o.key, me))}>
                {o.voters.length}
              </button>
              <span class="poll-option-text">{o.option}</span>
              {o.voters.length > 0 && <span class="poll-voters muted-text">({names(o.voters)})</span>}
            </li>
          );
        })}
      </ul>
      <form class="widget-add" onSubmit={add}>
        <input type="text" value={option.value} onInput={(e) => (option.value = (e.target as HTMLInputElement).value)}
          placeholder={t('New option')} aria-label={t('New poll option')} maxLength={300} />
        <button type="submit" class="button">{t('Add option')}</button>
      </form>
    </div>
  );
}

function TodoView({ m, tg }: { m: Message; tg: Todo }) {
  const task = useSignal('');
  const desc = useSignal('');
  const add = (e: Event) => {
    e.preventDefault();
    const text = task.value.trim();
    if (!text) return;
    send(m, changes.newTask(tg, text, desc.value.trim()));
    task.value = '';
    desc.value = '';
  };
  return (
    <div class="widget todo" data-widget="todo">
      <div class="widget-title">{tg.title || t('Task list')}</div>
      <ul class="todo-tasks">
        {tg.tasks.map((x) => (
          <li key={x.key} class={'todo-task' + (x.completed ? ' completed' : '')}>
            <label>
              <input type="checkbox" checked={x.completed} onChange={() => send(m, changes.strike(x.key))} />
              <span><strong>{x.task}</strong>{x.desc && <span class="todo-desc">: {x.desc}</span>}</span>
            </label>
          </li>
        ))}
      </ul>
      <form class="widget-add" onSubmit={add}>
        <input type="text" value={task.value} onInput={(e) => (task.value = (e.target as HTMLInputElement).value)}
          placeholder={t('New task')} aria-label={t('New task')} maxLength={100} />
        <input type="text" value={desc.value} onInput={(e) => (desc.value = (e.target as HTMLInputElement).value)}
          placeholder={t('Description')} aria-label={t('Task description')} maxLength={200} />
        <button type="submit" class="button">{t('Add task')}</button>
      </form>
    </div>
  );
}
