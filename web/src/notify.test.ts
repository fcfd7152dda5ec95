import { describe, expect, it } from 'vitest';
import { notificationWanted } from './notify.ts';

const stream = { type: 'stream' as const, stream_id: 1, subject: 'plans' };
const dm = { type: 'private' as const, subject: '' };
const on = { enable_desktop_notifications: true, enable_sounds: true, enable_stream_desktop_notifications: false, enable_stream_audible_notifications: false,
  enable_followed_topic_desktop_notifications: true, enable_followed_topic_audible_notifications: false, wildcard_mentions_notify: true };

describe('which messages notify', () => {
  it('direct messages and mentions, by the DM and mention settings', () => {
    expect(notificationWanted(dm, [], on, undefined, 0, false)).toEqual({ desktop: true, sound: true });
    expect(notificationWanted(stream, ['mentioned'], on, undefined, 0, true)).toEqual({ desktop: true, sound: true });
    expect(notificationWanted(dm, [], { ...on, enable_sounds: false }, undefined, 0, false)).toEqual({ desktop: true, sound: false });
  });
  it("channel messages by the channel's own setting, else the user's", () => {
    expect(notificationWanted(stream, [], on, undefined, 0, false)).toEqual({ desktop: false, sound: false });
    expect(notificationWanted(stream, [], on, { desktop_notifications: true, audible_notifications: null }, 0, false)).toEqual({ desktop: true, sound: false });
    expect(notificationWanted(stream, [], { ...on, enable_stream_desktop_notifications: true }, { desktop_notifications: false, audible_notifications: null }, 0, false)).toEqual({ desktop: false, sound: false });
  });
  it('followed topics; muted conversations stay quiet; wildcard mentions only when asked', () => {
    expect(notificationWanted(stream, [], on, undefined, 3, false)).toEqual({ desktop: true, sound: false });
    expect(notificationWanted(stream, [], on, { desktop_notifications: true, audible_notifications: true }, 3, true)).toEqual({ desktop: false, sound: false });
    expect(notificationWanted(stream, ['stream_wildcard_mentioned'], on, undefined, 0, false)).toEqual({ desktop: true, sound: true });
    expect(notificationWanted(stream, ['stream_wildcard_mentioned'], { ...on, wildcard_mentions_notify: false }, undefined, 0, false)).toEqual({ desktop: false, sound: false });
  });
});
