import { describe, expect, it } from 'vitest';
import type { Message } from './types.ts';
import { changes, widgetOf, withSubmessage, type Poll, type Todo } from './widgets.ts';

const msg = (sender: number, widget: object, ...subs: [number, object][]): Message => ({
  id: 7, sender_id: sender, sender_full_name: 'A', sender_email: 'a@x', type: 'stream', subject: 't', display_recipient: 'c',
  content: '', timestamp: 0, reactions: [], flags: [],
  submessages: [{ id: 1, message_id: 7, sender_id: sender, msg_type: 'widget', content: JSON.stringify(widget) },
    ...subs.map(([who, d], i) => ({ id: i + 2, message_id: 7, sender_id: who, msg_type: 'widget', content: JSON.stringify(d) }))],
});

describe('widgets', () => {
  it('applies poll votes, options and questions as Zulip does', () => {
    const m = msg(1, { widget_type: 'poll', extra_data: { question: 'Lunch?', options: ['Pizza', 'Sushi'] } },
      [2, { type: 'vote', key: 'canned,0', vote: 1 }], [3, { type: 'vote', key: 'canned,0', vote: 1 }], [3, { type: 'vote', key: 'canned,0', vote: -1 }],
      [2, { type: 'new_option', idx: 1, option: 'Tacos' }], [3, { type: 'vote', key: '2,1', vote: 1 }],
      [2, { type: 'question', question: 'Not yours' }], [1, { type: 'question', question: 'Dinner?' }]);
    const p = widgetOf(m, 2) as Poll;
    expect(p.question).toBe('Dinner?');
    expect(p.options.map((o) => [o.option, o.voters])).toEqual([['Pizza', [2]], ['Sushi', []], ['Tacos', [3]]]);
    expect(p.nextIdx).toBe(2);
    expect(changes.vote(p, 'canned,0', 2)).toEqual({ type: 'vote', key: 'canned,0', vote: -1 });
    expect(changes.newOption(p, 'Soup')).toEqual({ type: 'new_option', idx: 2, option: 'Soup' });
  });

  it('applies tasks and strikes', () => {
    const m = msg(1, { widget_type: 'todo', extra_data: { task_list_title: 'Trip', tasks: [{ task: 'Tickets', desc: 'buy' }] } },
      [2, { type: 'strike', key: '0,canned' }], [3, { type: 'new_task', key: 1, task: 'Hotel', desc: '', completed: false }],
      [2, { type: 'strike', key: '1,3' }], [2, { type: 'strike', key: '1,3' }]);
    const t = widgetOf(m, 3) as Todo;
    expect(t.tasks.map((x) => [x.key, x.task, x.completed])).toEqual([['0,canned', 'Tickets', true], ['1,3', 'Hotel', false]]);
    expect(changes.newTask(t, 'Bags', '')).toEqual({ type: 'new_task', key: 2, task: 'Bags', desc: '', completed: false });
  });

  it('takes a submessage event once, and ignores messages without a widget', () => {
    const m = msg(1, { widget_type: 'poll', extra_data: { question: 'Q', options: [] } });
    const ev = { id: 9, type: 'submessage' as const, message_id: 7, submessage_id: 5, sender_id: 2, msg_type: 'widget', content: '{"type":"new_option","idx":1,"option":"X"}' };
    const once = withSubmessage(m, ev);
    expect(withSubmessage(once, ev)).toBe(once);
    expect((widgetOf(once, 2) as Poll).options.map((o) => o.option)).toEqual(['X']);
    expect(widgetOf({ ...m, submessages: [] }, 2)).toBeNull();
    expect(widgetOf({ ...m, sender_id: 9 }, 2)).toBeNull();
  });
});
