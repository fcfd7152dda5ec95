package dev.stoa.app;

import dev.stoa.emoji.EmojiRow;
import dev.stoa.emoji.ServerEmojiData;
import dev.stoa.http.Router;
import dev.stoa.users.AvatarUrls;

import static dev.stoa.http.Router.Auth.NONE;
import static dev.stoa.http.Router.Auth.OPTIONAL;
import static dev.stoa.http.Router.Auth.USER;
import static dev.stoa.http.Router.Auth.WEBHOOK;

/**
 * THE route table, like Zulip's urls.py: every (method, path, auth, handler) the server answers,
 * under /api/v1 (and /json) in `api`, and the few at the site root in `root`, grouped by feature.
 * Only a table: each feature's module builds its views (fields of the module), and this class maps
 * their methods; it constructs nothing (ArchitectureTest). A view parses, calls its feature's
 * action and shapes the answer.
 */
final class Routes {
    final Router api = new Router();
    final Router root = new Router();

    Routes(Modules m, QueuesModule queues, LoginModule login) {
        signIn(login, m.accounts());
        users(m.users(), login);
        queues(queues);
        groups(m.groups());
        realm(m.realm(), m.sessions(), m.invites(), m.realmDomains(), m.playgrounds(), m.exports());
        channels(m.channels());
        messages(m.messages());
        integrations(m.integrations());
        linkifiersAndEmoji(m.linkifiers(), m.emoji());
        perUser(m);
        topicsAndStatus(m.topics(), m.userStatus(), m.scheduled());
        push(m.push());
    }

    /** Server settings, the API key, the web client's sign-in (Zulip's URLs), two-factor, password reset. */
    private void signIn(LoginModule l, AccountsModule accounts) {
        api.get("/server_settings", NONE, l.authViews::serverSettings);
        api.post("/fetch_api_key", NONE, l.authViews::fetchApiKey);
        // The web client's sign-in (Zulip's URLs; the same password throttle as fetch_api_key). The pages
        // themselves (/, /static/...) are served in front of the API by web.WebClientHandler.
        root.post("/accounts/login", NONE, l.signInViews::login);
        root.get("/accounts/login/subdomain/{token}", NONE, l.signInViews::redeem);
        if (l.oidcViews != null) { // Zulip's URLs for the OpenID Connect button, and the provider's way back
            root.get("/accounts/login/social/oidc", NONE, l.oidcViews::start);
            root.get("/accounts/register/social/oidc", NONE, l.oidcViews::start);
            root.get("/complete/oidc", NONE, l.oidcViews::complete);
        }
        if (l.githubViews != null) { // Zulip's URLs for the GitHub button, and GitHub's way back
            root.get("/accounts/login/social/github", NONE, l.githubViews::start);
            root.get("/accounts/register/social/github", NONE, l.githubViews::start);
            root.get("/complete/github", NONE, l.githubViews::complete);
        }
        if (l.samlViews != null) { // Zulip's URLs for a SAML identity provider's button, its POST back, and Stoa's SP metadata
            root.get("/accounts/login/social/saml/{idp}", NONE, l.samlViews::start);
            root.get("/accounts/register/social/saml/{idp}", NONE, l.samlViews::start);
            root.post("/complete/saml", NONE, l.samlViews::answer);
            root.get("/complete/saml", NONE, l.samlViews::complete);
            root.get("/saml/metadata.xml", NONE, l.samlViews::metadata);
        }
        if (l.scimViews != null) { // SCIM 2.0 provisioning: the identity provider's bearer token, checked by the views
            root.get("/scim/v2/Users", NONE, l.scimViews::list);
            root.post("/scim/v2/Users", NONE, l.scimViews::create);
            root.post("/scim/v2/Users/.search", NONE, l.scimViews::search);
            root.get("/scim/v2/Users/{id}", NONE, l.scimViews::get);
            root.put("/scim/v2/Users/{id}", NONE, l.scimViews::replace);
            root.patch("/scim/v2/Users/{id}", NONE, l.scimViews::patch);
            root.delete("/scim/v2/Users/{id}", NONE, l.scimViews::delete);
            root.get("/scim/v2/Groups", NONE, l.scimViews::listGroups);
            root.post("/scim/v2/Groups", NONE, l.scimViews::createGroup);
            root.get("/scim/v2/Groups/{id}", NONE, l.scimViews::getGroup);
            root.put("/scim/v2/Groups/{id}", NONE, l.scimViews::replaceGroup);
            root.patch("/scim/v2/Groups/{id}", NONE, l.scimViews::patchGroup);
            root.delete("/scim/v2/Groups/{id}", NONE, l.scimViews::deleteGroup);
        }
        root.get("/accounts/two_factor", USER, l.twoFactorViews::status);
        root.post("/accounts/two_factor/begin", USER, l.twoFactorViews::begin);
        root.post("/accounts/two_factor/confirm", USER, l.twoFactorViews::confirm);
        root.post("/accounts/two_factor/disable", USER, l.twoFactorViews::disable);
        root.post("/accounts/logout", USER, l.sessionViews::logout);
        root.get("/accounts/password/reset", NONE, accounts.passwordResetViews::requestForm);
        root.post("/accounts/password/reset", NONE, accounts.passwordResetViews::request);
        root.get("/accounts/password/reset/{token}", NONE, accounts.passwordResetViews::newPasswordForm);
        root.post("/accounts/password/reset/{token}", NONE, accounts.passwordResetViews::reset);
    }

    /** Users and bots, avatars, custom profile fields, the user's settings. */
    private void users(UsersModule u, LoginModule l) {
        api.get("/users", OPTIONAL, u.views::list);
        api.post("/users", USER, u.views::create);
        api.get("/users/me", USER, u.views::me);
        api.delete("/users/me", USER, u.views::deactivateMe);
        api.post("/users/me/api_key/regenerate", USER, u.views::regenerateApiKey);
        // Avatars (issue 26): Zulip's redirects at the root, as /user_uploads and /thumbnail; the files are public
        api.post("/users/me/avatar", USER, u.avatarViews::upload);
        api.delete("/users/me/avatar", USER, u.avatarViews::delete);
        root.get("/avatar/{email_or_id}", OPTIONAL, req -> u.avatarViews.redirect(req, false));
        root.get("/avatar/{email_or_id}/medium", OPTIONAL, req -> u.avatarViews.redirect(req, true));
        root.get(AvatarUrls.ROOT + "{file}", NONE, u.avatarViews::serve);
        root.get(AvatarUrls.ROOT + "default/{file}", NONE, u.avatarViews::serveDefault);
        root.get(AvatarUrls.INACCESSIBLE, NONE, u.avatarViews::serveUnknownUser);
        api.get("/users/{user_id_or_email}", USER, u.views::get);
        api.patch("/users/{user_id}", USER, u.views::update);
        api.delete("/users/{user_id}", USER, u.views::deactivate);
        api.post("/users/{user_id}/reactivate", USER, u.views::reactivate);
        api.get("/bots", USER, u.views::listBots);
        api.post("/bots", USER, u.views::createBot);
        api.patch("/bots/{bot_id}", USER, u.views::patchBot);
        api.get("/realm/profile_fields", USER, u.profileFieldViews::list);
        api.post("/realm/profile_fields", USER, u.profileFieldViews::create);
        api.patch("/realm/profile_fields", USER, u.profileFieldViews::reorder);
        api.patch("/realm/profile_fields/{field_id}", USER, u.profileFieldViews::update);
        api.delete("/realm/profile_fields/{field_id}", USER, u.profileFieldViews::delete);
        api.patch("/users/me/profile_data", USER, u.profileFieldViews::updateOwnData);
        api.delete("/users/me/profile_data", USER, u.profileFieldViews::removeOwnData);
        api.patch("/settings", USER, l.settingsViews::update);
    }

    /** Real-time events. */
    private void queues(QueuesModule q) {
        api.post("/register", OPTIONAL, q.views::register);
        api.get("/events", USER, q.views::events);
        api.delete("/events", USER, q.views::deleteQueue);
    }

    private void groups(GroupsModule g) {
        api.get("/user_groups", USER, g.views::list);
        api.post("/user_groups/create", USER, g.views::create);
        api.patch("/user_groups/{user_group_id}", USER, g.views::update);
        api.post("/user_groups/{user_group_id}/deactivate", USER, g.views::deactivate);
        api.get("/user_groups/{user_group_id}/members", USER, g.views::members);
        api.post("/user_groups/{user_group_id}/members", USER, g.views::updateMembers);
        api.get("/user_groups/{user_group_id}/members/{user_id}", USER, g.views::isMember);
        api.get("/user_groups/{user_group_id}/subgroups", USER, g.views::subgroups);
        api.post("/user_groups/{user_group_id}/subgroups", USER, g.views::updateSubgroups);
    }

    /** The realm: its settings, invitations and the sign-up page that consumes them, domains, playgrounds, exports. */
    private void realm(RealmModule r, SessionsModule s, InvitesModule i, RealmDomainsModule d, PlaygroundsModule p, ExportModule e) {
        api.patch("/realm", USER, r.views::update);
        // authentication_methods (owners only): checked before the other settings change, applied after them, as Zulip's update_realm
        api.wrap("PATCH", "/realm", s.authMethodViews::around);
        api.get("/invites", USER, i.views::list);
        api.post("/invites", USER, i.views::invite);
        api.post("/invites/multiuse", USER, i.views::createLink);
        api.delete("/invites/{invite_id}", USER, i.views::revoke);
        api.post("/invites/{invite_id}/resend", USER, i.views::resend);
        api.delete("/invites/multiuse/{invite_id}", USER, i.views::revokeLink);
        api.patch("/invites/multiuse/{invite_id}", USER, i.views::editLink);
        root.get("/join/{key}", NONE, i.joinViews::form);
        root.post("/join/{key}", NONE, i.joinViews::join);
        api.get("/realm/domains", USER, d.views::list);
        api.post("/realm/domains", USER, d.views::add);
        api.patch("/realm/domains/{domain}", USER, d.views::change);
        api.delete("/realm/domains/{domain}", USER, d.views::remove);
        api.post("/realm/playgrounds", USER, p.views::add);
        api.delete("/realm/playgrounds/{playground_id}", USER, p.views::remove);
        api.post("/export/realm", USER, e.views::create);
        api.get("/export/realm", USER, e.views::list);
        api.delete("/export/realm/{export_id}", USER, e.views::delete);
        api.get("/export/realm/consents", USER, e.views::consents);
        // The export file (export_url): administrators only, with a session cookie or Basic credentials.
        root.get("/exports/realm/{export_id}/{file_name}", USER, e.views::download);
    }

    /** Channels, subscriptions, folders, default channels. */
    private void channels(ChannelsModule ch) {
        api.post("/channels/create", USER, ch.views::create);
        api.delete("/streams/{stream_id}", USER, ch.views::archive);
        api.get("/streams", USER, ch.readViews::list);
        api.get("/streams/{stream_id}", USER, ch.readViews::one);
        api.get("/get_stream_id", USER, ch.readViews::idByName);
        api.get("/streams/{stream_id}/members", USER, ch.readViews::members);
        api.get("/streams/{stream_id}/email_address", USER, ch.readViews::emailAddress);
        api.get("/users/{user_id}/subscriptions/{stream_id}", USER, ch.readViews::status);
        api.get("/users/me/{stream_id}/topics", USER, ch.readViews::topics);
        api.patch("/streams/{stream_id}", USER, ch.updateViews::update);
        api.get("/users/me/subscriptions", USER, ch.subscriptionViews::list);
        api.post("/users/me/subscriptions", USER, ch.subscriptionViews::subscribe);
        api.delete("/users/me/subscriptions", USER, ch.subscriptionViews::unsubscribe);
        api.patch("/users/me/subscriptions/{stream_id}", USER, ch.subscriptionPropertyViews::one);
        api.post("/users/me/subscriptions/properties", USER, ch.subscriptionPropertyViews::bulk);
        api.post("/channel_folders/create", USER, ch.folderViews::create);
        api.get("/channel_folders", USER, ch.folderViews::list);
        api.patch("/channel_folders/{channel_folder_id}", USER, ch.folderViews::update);
        api.patch("/channel_folders", USER, ch.folderViews::reorder);
        api.get("/default_streams", USER, ch.folderViews::defaults);
        api.post("/default_streams", USER, ch.folderViews::addDefault);
        api.delete("/default_streams", USER, ch.folderViews::removeDefault);
    }

    /** Messages, flags, reactions, typing, read receipts, reports, uploads, rendering. */
    private void messages(MessagesModule ms) {
        api.post("/messages", USER, ms.views::send);
        api.get("/messages", USER, ms.views::list);
        api.get("/messages/{message_id}", USER, ms.views::one);
        api.get("/messages/matches_narrow", USER, ms.views::matchesNarrow);
        api.patch("/messages/{message_id}", USER, ms.editViews::edit);
        api.delete("/messages/{message_id}", USER, ms.editViews::delete);
        api.get("/messages/{message_id}/history", USER, ms.editViews::history);
        api.post("/messages/flags", USER, ms.flagViews::flags);
        api.post("/messages/flags/narrow", USER, ms.flagViews::flagsNarrow);
        api.post("/mark_all_as_read", USER, ms.flagViews::markAll);
        api.post("/mark_stream_as_read", USER, ms.flagViews::markStream);
        api.post("/mark_topic_as_read", USER, ms.flagViews::markTopic);
        api.post("/messages/{message_id}/reactions", USER, ms.reactionViews::add);
        api.delete("/messages/{message_id}/reactions", USER, ms.reactionViews::remove);
        api.post("/typing", USER, ms.typingViews::typing);
        api.post("/streams/{stream_id}/delete_topic", USER, ms.extraViews::deleteTopic);
        api.post("/messages/{message_id}/typing", USER, ms.extraViews::editTyping);
        api.get("/messages/{message_id}/read_receipts", USER, ms.readReceiptViews::get);
        api.post("/messages/{message_id}/report", USER, ms.reportViews::report);
        api.post("/submessage", USER, ms.submessageViews::add);
        api.post("/realm/test_welcome_bot_custom_message", USER, ms.welcomeBotViews::testCustomMessage);
        api.post("/user_uploads", USER, ms.uploadViews::upload);
        api.get("/attachments", USER, ms.uploadViews::list);
        api.delete("/attachments/{attachment_id}", USER, ms.uploadViews::delete);
        // /api/v1/user_uploads/<path_id> answers a URL for the file; /user_uploads/<path_id> (HttpFront
        // routes it here too) serves the file itself.
        api.get("/user_uploads/{realm_id_str}/{filename...}", USER, ms.uploadViews::serve);
        // The URL /api/v1/user_uploads/<path_id> hands out: the file without credentials, for a minute.
        api.get("/user_uploads/temporary/{token}/{filename}", NONE, ms.uploadViews::serveTemporary);
        api.post("/messages/render", USER, ms.renderViews::render);
        root.get("/thumbnail", OPTIONAL, ms.renderViews::thumbnail);
    }

    /** Incoming webhooks: the account by its api_key parameter, as Zulip's webhook_view; bots' storage. */
    private void integrations(IntegrationsModule i) {
        api.post("/external/{integration}", WEBHOOK, i.views::post);
        api.get("/bot_storage", USER, i.storageViews::get);
        api.put("/bot_storage", USER, i.storageViews::update);
        api.delete("/bot_storage", USER, i.storageViews::remove);
    }

    private void linkifiersAndEmoji(LinkifiersModule l, EmojiModule e) {
        api.get("/realm/linkifiers", USER, l.views::list);
        api.patch("/realm/linkifiers", USER, l.views::reorder);
        api.post("/realm/filters", USER, l.views::add);
        api.patch("/realm/filters/{filter_id}", USER, l.views::update);
        api.delete("/realm/filters/{filter_id}", USER, l.views::remove);
        api.get("/realm/emoji", USER, e.views::list);
        api.post("/realm/emoji/{emoji_name}", USER, e.views::upload);
        api.delete("/realm/emoji/{emoji_name}", USER, e.views::deactivate);
        root.get(EmojiRow.IMAGE_PATH + "{file}", NONE, req -> e.views.serve(req, false));
        root.get(EmojiRow.IMAGE_PATH + "still/{file}", NONE, req -> e.views.serve(req, true));
        root.get(ServerEmojiData.PATH, NONE, e.serverEmoji::serve);
    }

    /** Per-user extras: snippets, drafts, navigation views, calls, alert words, presence. */
    private void perUser(Modules m) {
        api.get("/saved_snippets", USER, m.snippets().views::list);
        api.post("/saved_snippets", USER, m.snippets().views::create);
        api.patch("/saved_snippets/{saved_snippet_id}", USER, m.snippets().views::edit);
        api.delete("/saved_snippets/{saved_snippet_id}", USER, m.snippets().views::delete);
        api.get("/drafts", USER, m.drafts().views::list);
        api.post("/drafts", USER, m.drafts().views::create);
        api.patch("/drafts/{draft_id}", USER, m.drafts().views::edit);
        api.delete("/drafts/{draft_id}", USER, m.drafts().views::delete);
        api.get("/navigation_views", USER, m.navigation().views::list);
        api.post("/navigation_views", USER, m.navigation().views::add);
        // A fragment may arrive percent-encoded or as several path segments (narrow/is/starred).
        api.patch("/navigation_views/{fragment...}", USER, m.navigation().views::update);
        api.delete("/navigation_views/{fragment...}", USER, m.navigation().views::remove);
        calls(m.calls());
        api.get("/users/me/alert_words", USER, m.alertWords().views::list);
        api.post("/users/me/alert_words", USER, req -> m.alertWords().views.change(req, true));
        api.delete("/users/me/alert_words", USER, req -> m.alertWords().views.change(req, false));
        api.post("/users/me/presence", USER, m.presence().views::report);
        api.get("/realm/presence", USER, m.presence().views::realm);
        api.get("/users/{user_id_or_email}/presence", USER, m.presence().views::ofUser);
    }

    private void calls(CallsModule c) {
        api.post("/calls/meeting/create", USER, req -> c.views.create(req, false));
        api.post("/calls/zoom/create", USER, req -> c.views.create(req, true));
        api.get("/calls/meeting/register", USER, req -> c.views.register(req, "meeting"));
        api.get("/calls/zoom/register", USER, req -> c.views.register(req, "zoom"));
        api.get("/calls/meeting/complete", NONE, req -> c.views.complete(req, "meeting"));
        api.get("/calls/zoom/complete", NONE, req -> c.views.complete(req, "zoom"));
        api.delete("/calls/meeting/token", USER, c.views::forget);
    }

    /** Topic visibility and muted users, user status, scheduled messages and reminders. */
    private void topicsAndStatus(TopicsModule t, UserStatusModule s, ScheduledModule sm) {
        api.post("/user_topics", USER, t.views::setPolicy);
        api.patch("/users/me/subscriptions/muted_topics", USER, t.mutedTopicViews::update);
        api.post("/users/me/muted_users/{muted_user_id}", USER, t.views::mute);
        api.delete("/users/me/muted_users/{muted_user_id}", USER, t.views::unmute);
        api.post("/users/me/status", USER, s.views::update);
        api.get("/users/{user_id}/status", USER, s.views::get);
        api.get("/scheduled_messages", USER, sm.views::list);
        api.post("/scheduled_messages", USER, sm.views::create);
        api.patch("/scheduled_messages/{scheduled_message_id}", USER, sm.views::edit);
        api.delete("/scheduled_messages/{scheduled_message_id}", USER, sm.views::delete);
        api.get("/reminders", USER, sm.views::reminders);
        api.post("/reminders", USER, sm.views::createReminder);
        api.delete("/reminders/{reminder_id}", USER, sm.views::deleteReminder);
    }

    /** Mobile push devices. */
    private void push(PushModule p) {
        api.post("/register_client_device", USER, p.views::registerDevice);
        api.post("/remove_client_device", USER, p.views::removeDevice);
        api.post("/users/me/apns_device_token", USER, p.views::addApns);
        api.delete("/users/me/apns_device_token", USER, p.views::removeApns);
        api.post("/users/me/android_gcm_reg_id", USER, p.views::addFcm);
        api.delete("/users/me/android_gcm_reg_id", USER, p.views::removeFcm);
        api.post("/mobile_push/register", USER, p.views::registerE2ee);
        api.post("/mobile_push/test_notification", USER, p.views::testNotification);
        api.post("/mobile_push/e2ee/test_notification", USER, p.views::e2eeTestNotification);
    }
}
