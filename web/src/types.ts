import type { EventTypeName } from './event-types.ts';

// The parts of Zulip's API objects that the client reads.
export interface User {
  user_id: number; email: string; full_name: string; avatar_url?: string | null; is_bot: boolean;
  is_active?: boolean; role: number; is_admin?: boolean; timezone?: string; delivery_email?: string | null;
  date_joined?: string; bot_type?: number | null; bot_owner_id?: number | null; profile_data?: Record<string, { value: string; rendered_value?: string | null }>;
}
export interface UserStatus { status_text?: string; emoji_name?: string; emoji_code?: string; reaction_type?: string; away?: boolean }
export interface ProfileField { id: number; type: number; order: number; name: string; hint: string; field_data: string; display_in_profile_summary?: boolean; editable_by_user?: boolean; required?: boolean }
export interface Stream {
  stream_id: number; name: string; description: string; invite_only: boolean; is_archived?: boolean; folder_id?: number | null; is_recently_active?: boolean;
  can_move_messages_within_channel_group?: GroupSetting; can_move_messages_out_of_channel_group?: GroupSetting;
  can_delete_own_message_group?: GroupSetting; can_delete_any_message_group?: GroupSetting;
}
export interface Subscription extends Stream { color: string; is_muted: boolean; pin_to_top: boolean; desktop_notifications?: boolean | null; audible_notifications?: boolean | null; email_notifications?: boolean | null; push_notifications?: boolean | null }
export interface Reaction { emoji_name: string; emoji_code: string; reaction_type: string; user_id: number }
export interface Submessage { id: number; message_id: number; sender_id: number; msg_type: string; content: string }
export interface DisplayRecipientUser { id: number; email: string; full_name: string }
export interface Message {
  id: number; sender_id: number; sender_full_name: string; sender_email: string; avatar_url?: string | null;
  type: 'stream' | 'private'; stream_id?: number; subject: string; display_recipient: string | DisplayRecipientUser[];
  content: string; timestamp: number; last_edit_timestamp?: number; last_moved_timestamp?: number;
  reactions: Reaction[]; flags: string[]; match_content?: string; match_subject?: string;
  /** Widgets (polls, to-do lists): the first from the sender, then each change (widgets.ts). */
  submessages?: Submessage[];
  /** Client side: the DM participants' ids (all, you included). */
  dmUserIds?: number[];
}
export type GroupSetting = number | { direct_members: number[]; direct_subgroups: number[] };
export interface UserGroup { id: number; name: string; description: string; members: number[]; direct_subgroup_ids: number[]; is_system_group: boolean; deactivated?: boolean }
export interface RealmEmoji { id: string; name: string; source_url: string; deactivated: boolean; author_id?: number | null }
export interface Linkifier { id: number; pattern: string; url_template: string }
export interface Draft { id?: number; type: '' | 'stream' | 'private'; to: number[]; topic: string; content: string; timestamp?: number }
export interface Snippet { id: number; title: string; content: string; date_created?: number }
export interface NavigationView { fragment: string; is_pinned: boolean; name?: string | null }
export interface UserTopic { stream_id: number; topic_name: string; visibility_policy: number; last_updated?: number }
export interface Presence { active_timestamp: number; idle_timestamp: number }
/** One event of GET /events, typed by its `type` (and `op`): the fields the client reads. */
type Ev<K extends EventTypeName, T = object> = { id: number; type: K } & T;
type Changed<P> = { property: string; value: unknown } & P;
export interface MessageDetails { type: 'stream' | 'private'; mentioned?: boolean; stream_id?: number; topic?: string; user_ids?: number[] }
export type HandledEvent =
  | Ev<'message', { message: Message; flags?: string[] }>
  | Ev<'update_message', {
      message_id: number; message_ids?: number[]; rendered_content?: string; edit_timestamp?: number; stream_id?: number;
      new_stream_id?: number; subject?: string; orig_subject?: string; propagate_mode?: string;
    }>
  | Ev<'delete_message', { message_id?: number; message_ids?: number[]; message_type?: string }>
  | Ev<'reaction', { op: 'add' | 'remove' } & Reaction & { message_id: number }>
  | Ev<'submessage', { message_id: number; submessage_id: number; sender_id: number; msg_type: string; content: string }>
  | Ev<'update_message_flags', { op: 'add' | 'remove'; flag: string; messages: number[]; all?: boolean; message_details?: Record<string, MessageDetails> }>
  | Ev<'subscription', { op: 'add'; subscriptions: Subscription[] }>
  | Ev<'subscription', { op: 'remove'; subscriptions: { stream_id: number; name?: string }[] }>
  | Ev<'subscription', Changed<{ op: 'update'; stream_id: number }>>
  | Ev<'subscription', { op: 'peer_add' | 'peer_remove'; stream_ids: number[]; user_ids: number[] }>
  | Ev<'stream', { op: 'create'; streams: Stream[] }>
  | Ev<'stream', { op: 'delete'; stream_ids?: number[]; streams: { stream_id: number }[] }>
  | Ev<'stream', Changed<{ op: 'update'; stream_id: number; name?: string }>>
  | Ev<'realm_user', { op: 'add'; person: User }>
  | Ev<'realm_user', { op: 'remove'; person: { user_id: number; full_name?: string } }>
  | Ev<'realm_user', { op: 'update'; person: Partial<User> & { user_id: number; custom_profile_field?: { id: number; value: string; rendered_value?: string | null } } }>
  | Ev<'typing', {
      op: 'start' | 'stop'; message_type: 'stream' | 'direct'; stream_id?: number; topic?: string;
      sender: { user_id: number }; recipients?: { user_id: number }[];
    }>
  | Ev<'presence', { presences?: Record<string, Presence> }>
  | Ev<'user_status', UserStatus & { user_id: number }>
  | Ev<'custom_profile_fields', { fields: ProfileField[] }>
  | Ev<'invites_changed'>
  | Ev<'user_topic', UserTopic>
  | Ev<'user_settings', Changed<{ op: 'update'; language_name?: string }>>
  | Ev<'realm', Changed<{ op: 'update' }>>
  | Ev<'realm', { op: 'update_dict'; property: string; data: Record<string, unknown> }>
  | Ev<'realm', { op: 'deactivated'; realm_id: number }>
  | Ev<'realm_emoji', { op: 'update'; realm_emoji: Record<string, RealmEmoji> }>
  | Ev<'realm_linkifiers', { realm_linkifiers: Linkifier[] }>
  | Ev<'drafts', { op: 'add'; drafts: Draft[] }>
  | Ev<'drafts', { op: 'update'; draft: Draft }>
  | Ev<'drafts', { op: 'remove'; draft_id: number }>
  | Ev<'saved_snippets', { op: 'add' | 'update'; saved_snippet: Snippet }>
  | Ev<'saved_snippets', { op: 'remove'; saved_snippet_id: number }>
  | Ev<'scheduled_messages', { op: 'add'; scheduled_messages: ScheduledMessage[] }>
  | Ev<'scheduled_messages', { op: 'update'; scheduled_message: Partial<ScheduledMessage> & { scheduled_message_id: number } }>
  | Ev<'scheduled_messages', { op: 'remove'; scheduled_message_id: number }>
  | Ev<'muted_users', { muted_users: { id: number; timestamp?: number }[] }>
  | Ev<'channel_folder', { op: 'add'; channel_folder: ChannelFolder }>
  | Ev<'channel_folder', { op: 'update'; channel_folder_id: number; data: Partial<ChannelFolder> }>
  | Ev<'channel_folder', { op: 'reorder'; order: number[] }>
  | Ev<'reminders', { op: 'add'; reminders: Reminder[] }>
  | Ev<'reminders', { op: 'remove'; reminder_id: number }>
  | Ev<'navigation_view', { op: 'add'; navigation_view: NavigationView }>
  | Ev<'navigation_view', { op: 'update'; fragment: string; data: Partial<NavigationView> }>
  | Ev<'navigation_view', { op: 'remove'; fragment: string }>
  | Ev<'user_group', { op: 'add'; group: UserGroup }>
  | Ev<'user_group', { op: 'remove'; group_id: number }>
  | Ev<'user_group', { op: 'update'; group_id: number; data: Partial<UserGroup> }>
  | Ev<'user_group', { op: 'add_members' | 'remove_members'; group_id: number; user_ids: number[] }>
  | Ev<'user_group', { op: 'add_subgroups' | 'remove_subgroups'; group_id: number; direct_subgroup_ids: number[] }>;
export type HandledType = HandledEvent['type'];
/** The server's other event types: the client receives them and passes them by. */
export type OtherEvent = Ev<Exclude<EventTypeName, HandledType>, { op?: string; [k: string]: unknown }>;
export type ServerEvent = HandledEvent | OtherEvent;
/** The events of one type. */
export type EventOf<K extends HandledType> = Extract<HandledEvent, { type: K }>;
export interface ScheduledMessage {
  scheduled_message_id: number; type: 'stream' | 'private'; to: number | number[]; topic?: string; content: string;
  rendered_content: string; scheduled_delivery_timestamp: number; failed: boolean;
}
export interface Reminder {
  reminder_id: number; type: 'private'; to: number[]; content: string; rendered_content: string;
  scheduled_delivery_timestamp: number; failed: boolean; reminder_target_message_id: number;
}
export interface ChannelFolder { id: number; name: string; description?: string; order?: number; is_archived?: boolean }
