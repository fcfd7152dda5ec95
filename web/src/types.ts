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
export type ZEvent = { id: number; type: string; op?: string; [k: string]: any };
export interface ScheduledMessage {
  scheduled_message_id: number; type: 'stream' | 'private'; to: number | number[]; topic?: string; content: string;
  rendered_content: string; scheduled_delivery_timestamp: number; failed: boolean;
}
export interface Reminder {
  reminder_id: number; type: 'private'; to: number[]; content: string; rendered_content: string;
  scheduled_delivery_timestamp: number; failed: boolean; reminder_target_message_id: number;
}
export interface ChannelFolder { id: number; name: string; description?: string; order?: number; is_archived?: boolean }
