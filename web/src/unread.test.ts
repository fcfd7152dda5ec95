import { describe, expect, it } from 'vitest';
import { Unreads, dmKey, topicKey } from './unread.ts';

const register = {
  streams: [{ stream_id: 7, topic: 'Logo', unread_message_ids: [10, 12] }, { stream_id: 7, topic: 'other', unread_message_ids: [11] }, { stream_id: 8, topic: 'x', unread_message_ids: [13] }],
  pms: [{ other_user_id: 3, unread_message_ids: [14] }, { other_user_id: 1, unread_message_ids: [15] }],
  huddles: [{ user_ids_string: '1,3,4', unread_message_ids: [16] }],
  mentions: [12, 14],
};

describe('unread bookkeeping', () => {
  it('counts per channel, topic, conversation and mentions', () => {
    const u = Unreads.fromRegister(register, 1);
    const c = u.counts();
    expect(c.total).toBe(7);
    expect(c.streams.get(7)).toBe(3);
    expect(c.topics.get(topicKey(7, 'logo'))).toBe(2);
    expect(c.dms).toBe(3);
    expect(c.dmConversations.get('3')).toBe(1);
    expect(c.dmConversations.get('1')).toBe(1);
    expect(c.dmConversations.get('3,4')).toBe(1);
    expect(c.mentions).toBe(2);
  });

  it('leaves muted topics out of channel counts and totals', () => {
    const u = Unreads.fromRegister(register, 1);
    const c = u.counts((sid, topic) => sid === 7 && topic === 'Logo');
    expect(c.streams.get(7)).toBe(1);
    expect(c.total).toBe(5);
    expect(c.topics.get(topicKey(7, 'Logo'))).toBe(2);
  });

  it('removes read messages once, and follows moves', () => {
    const u = Unreads.fromRegister(register, 1);
    expect(u.remove([10, 10, 99])).toEqual([10]);
    u.move(12, 8, 'x');
    expect(u.counts().streams.get(8)).toBe(2);
    expect(u.topicsIn(7)).toEqual(new Map([['other', 1]]));
    expect(u.firstUnreadConversations()[0]).toEqual({ streamId: 7, topic: 'other', dmKey: undefined, firstId: 11 });
  });

  it('keys DM conversations by the other participants', () => {
    expect(dmKey([4, 1, 3], 1)).toBe('3,4');
    expect(dmKey([1], 1)).toBe('1');
    expect(dmKey([1, 1], 1)).toBe('1');
  });
});
