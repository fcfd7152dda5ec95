package dev.stoa.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.accounts.PasswordChangeActions;
import dev.stoa.accounts.PasswordResetViews;
import dev.stoa.alertwords.AlertWordViews;
import dev.stoa.calls.CallViews;
import dev.stoa.channels.Channel;
import dev.stoa.channels.ChannelReadViews;
import dev.stoa.channels.ChannelUpdateViews;
import dev.stoa.channels.ChannelViews;
import dev.stoa.channels.FolderViews;
import dev.stoa.channels.SubscriptionPropertyViews;
import dev.stoa.channels.SubscriptionViews;
import dev.stoa.drafts.DraftViews;
import dev.stoa.emoji.EmojiRow;
import dev.stoa.emoji.EmojiViews;
import dev.stoa.export.ExportViews;
import dev.stoa.github.GithubViews;
import dev.stoa.groups.GroupViews;
import dev.stoa.http.RateLimiter;
import dev.stoa.http.Router;
import dev.stoa.integrations.IncomingWebhookViews;
import dev.stoa.http.WebCookies;
import dev.stoa.invites.InviteViews;
import dev.stoa.invites.JoinViews;
import dev.stoa.linkifiers.LinkifierViews;
import dev.stoa.messages.FlagViews;
import dev.stoa.messages.MessageEditViews;
import dev.stoa.messages.MessageDelivery;
import dev.stoa.messages.MessageExtraViews;
import dev.stoa.messages.MessageViews;
import dev.stoa.messages.ReadReceiptViews;
import dev.stoa.messages.ReactionViews;
import dev.stoa.messages.ReportViews;
import dev.stoa.messages.WelcomeBotViews;
import dev.stoa.messages.TypingViews;
import dev.stoa.messages.UploadViews;
import dev.stoa.mutedtopics.MutedTopicViews;
import dev.stoa.navigation.NavigationViews;
import dev.stoa.oidc.OidcViews;
import dev.stoa.playgrounds.PlaygroundViews;
import dev.stoa.presence.PresenceViews;
import dev.stoa.push.PushViews;
import dev.stoa.queues.EventQueues;
import dev.stoa.queues.RegisterViews;
import dev.stoa.realm.RealmViews;
import dev.stoa.realmdomains.RealmDomainViews;
import dev.stoa.realm.ServerInfo;
import dev.stoa.scheduled.ScheduledViews;
import dev.stoa.scim.ScimViews;
import dev.stoa.render.RenderViews;
import dev.stoa.sessions.SessionViews;
import dev.stoa.settings.SettingsViews;
import dev.stoa.signin.AuthViews;
import dev.stoa.signin.SignInMethods;
import dev.stoa.signin.SignInViews;
import dev.stoa.snippets.SnippetViews;
import dev.stoa.topics.UserTopicViews;
import dev.stoa.twofactor.TwoFactorActions;
import dev.stoa.twofactor.TwoFactorCheck;
import dev.stoa.twofactor.TwoFactorStore;
import dev.stoa.twofactor.TwoFactorViews;
import dev.stoa.users.AvatarUrls;
import dev.stoa.users.AvatarViews;
import dev.stoa.users.PasswordLogin;
import dev.stoa.users.ProfileFieldViews;
import dev.stoa.users.UserViews;
import dev.stoa.userstatus.UserStatusViews;

import static dev.stoa.http.Router.Auth.NONE;
import static dev.stoa.http.Router.Auth.OPTIONAL;
import static dev.stoa.http.Router.Auth.USER;
import static dev.stoa.http.Router.Auth.WEBHOOK;

/**
 * THE route table, like Zulip's urls.py: every (method, path, auth, handler) the server answers,
 * under /api/v1 (and /json) in `api`, and the few at the site root in `root`. The only class that
 * builds or names views; a view parses, calls its feature's action and shapes the answer.
 */
final class Routes {
    final Router api = new Router();
    final Router root = new Router();

    Routes(Core c, Modules m, EventQueues queues, RateLimiter loginFailures, WebCookies cookies) {
        MessagesModule ms = m.messages();
        // ---- Server, authentication, users, profile fields (users)
        // A successful sign-in: the first login of an API-created user sets its date_joined; the new-login notice mail.
        // Two-factor authentication (--two-factor): the password sign-in's second question, and its set-up pages.
        TwoFactorStore twoFactorStore = new TwoFactorStore();
        TwoFactorCheck twoFactor = new TwoFactorCheck(c.db(), twoFactorStore, c.clock(), c.config().signIn().twoFactor());
        PasswordLogin passwordLogin = new PasswordLogin(c.db(), c.users(), c.realm(), loginFailures, (u, how) -> {
            m.users().actions.doLoggedIn(u);
            m.accounts().loginNotices.loggedIn(u, how);
        }, () -> {
            SignInMethods on = m.sessions().methods.current();
            return new PasswordLogin.On(on.emailEnabled(), on.ldapEnabled());
        }, m.signIn().ldap, twoFactor);
        AuthViews authViews = new AuthViews(passwordLogin, c.userJson(), c.realm(), c.config().externalUrl(), m.sessions().methods,
                description -> c.renderer().render(null, description).html(), c.config().push().configured());
        api.get("/server_settings", NONE, authViews::serverSettings);
        api.post("/fetch_api_key", NONE, authViews::fetchApiKey);
        // The web client's sign-in (Zulip's URLs; the same password throttle as fetch_api_key). The pages
        // themselves (/, /static/...) are served in front of the API by web.WebClientHandler.
        SessionViews sessionViews = new SessionViews(m.sessions().actions, cookies);
        SignInViews signInViews = new SignInViews(passwordLogin, m.sessions().signIn, c.userJson(), cookies);
        root.post("/accounts/login", NONE, signInViews::login);
        root.get("/accounts/login/subdomain/{token}", NONE, signInViews::redeem);
        if (m.signIn().oidc != null) { // Zulip's URLs for the OpenID Connect button, and the provider's way back
            OidcViews oidcViews = new OidcViews(m.signIn().oidc, signInViews, c.config().externalUrl().startsWith("https:"), loginFailures,
                    () -> m.sessions().methods.current().enabled("OpenID Connect"));
            root.get("/accounts/login/social/oidc", NONE, oidcViews::start);
            root.get("/accounts/register/social/oidc", NONE, oidcViews::start);
            root.get("/complete/oidc", NONE, oidcViews::complete);
        }
        if (m.signIn().github != null) { // Zulip's URLs for the GitHub button, and GitHub's way back
            GithubViews githubViews = new GithubViews(m.signIn().github, signInViews, c.config().externalUrl().startsWith("https:"), loginFailures,
                    () -> m.sessions().methods.current().enabled("GitHub"));
            root.get("/accounts/login/social/github", NONE, githubViews::start);
            root.get("/accounts/register/social/github", NONE, githubViews::start);
            root.get("/complete/github", NONE, githubViews::complete);
        }
        if (m.signIn().scim != null) { // SCIM 2.0 provisioning: the identity provider's bearer token, checked by the views
            ScimViews scim = new ScimViews(m.signIn().scim, c.config().signIn().scim(), c.config().externalUrl(), loginFailures);
            root.get("/scim/v2/Users", NONE, scim::list);
            root.post("/scim/v2/Users", NONE, scim::create);
            root.post("/scim/v2/Users/.search", NONE, scim::search);
            root.get("/scim/v2/Users/{id}", NONE, scim::get);
            root.put("/scim/v2/Users/{id}", NONE, scim::replace);
            root.patch("/scim/v2/Users/{id}", NONE, scim::patch);
            root.delete("/scim/v2/Users/{id}", NONE, scim::delete);
        }
        TwoFactorViews twoFactorViews = new TwoFactorViews(new TwoFactorActions(c.db(), twoFactorStore, twoFactor, passwordLogin, c.clock(),
                c.config().signIn().twoFactor(), c.config().realmHost()));
        root.get("/accounts/two_factor", USER, twoFactorViews::status);
        root.post("/accounts/two_factor/begin", USER, twoFactorViews::begin);
        root.post("/accounts/two_factor/confirm", USER, twoFactorViews::confirm);
        root.post("/accounts/two_factor/disable", USER, twoFactorViews::disable);
        root.post("/accounts/logout", USER, sessionViews::logout);
        PasswordResetViews resetViews = new PasswordResetViews(m.accounts().passwordReset);
        root.get("/accounts/password/reset", NONE, resetViews::requestForm);
        root.post("/accounts/password/reset", NONE, resetViews::request);
        root.get("/accounts/password/reset/{token}", NONE, resetViews::newPasswordForm);
        root.post("/accounts/password/reset/{token}", NONE, resetViews::reset);
        UserViews userViews = new UserViews(c.db(), c.users(), m.users().actions, c.userJson(), m.users().profileStore, c.userAccess());
        api.get("/users", OPTIONAL, userViews::list);
        api.post("/users", USER, userViews::create);
        api.get("/users/me", USER, userViews::me);
        api.delete("/users/me", USER, userViews::deactivateMe);
        api.post("/users/me/api_key/regenerate", USER, userViews::regenerateApiKey);
        // Avatars (issue 26): Zulip's redirects at the root, as /user_uploads and /thumbnail; the files are public
        AvatarViews avatarViews = new AvatarViews(c.db(), c.users(), c.userAccess(), c.userJson(), m.users().avatars, m.users().avatarImages);
        api.post("/users/me/avatar", USER, avatarViews::upload);
        api.delete("/users/me/avatar", USER, avatarViews::delete);
        root.get("/avatar/{email_or_id}", OPTIONAL, req -> avatarViews.redirect(req, false));
        root.get("/avatar/{email_or_id}/medium", OPTIONAL, req -> avatarViews.redirect(req, true));
        root.get(AvatarUrls.ROOT + "{file}", NONE, avatarViews::serve);
        root.get(AvatarUrls.ROOT + "default/{file}", NONE, avatarViews::serveDefault);
        root.get(AvatarUrls.INACCESSIBLE, NONE, avatarViews::serveUnknownUser);
        api.get("/users/{user_id_or_email}", USER, userViews::get);
        api.patch("/users/{user_id}", USER, userViews::update);
        api.delete("/users/{user_id}", USER, userViews::deactivate);
        api.post("/users/{user_id}/reactivate", USER, userViews::reactivate);
        api.get("/bots", USER, userViews::listBots);
        api.post("/bots", USER, userViews::createBot);
        ProfileFieldViews profileFieldViews = new ProfileFieldViews(c.db(), m.users().profileFields, m.users().profileStore);
        api.get("/realm/profile_fields", USER, profileFieldViews::list);
        api.post("/realm/profile_fields", USER, profileFieldViews::create);
        api.patch("/realm/profile_fields", USER, profileFieldViews::reorder);
        api.patch("/realm/profile_fields/{field_id}", USER, profileFieldViews::update);
        api.delete("/realm/profile_fields/{field_id}", USER, profileFieldViews::delete);
        api.patch("/users/me/profile_data", USER, profileFieldViews::updateOwnData);
        api.delete("/users/me/profile_data", USER, profileFieldViews::removeOwnData);
        PasswordChangeActions passwordChange = new PasswordChangeActions(c.db(), c.log(), c.users(), passwordLogin, m.sessions().actions,
                c.realm(), m.mail().outbox, c.clock(), c.config().externalUrl());
        SettingsViews settingsViews = new SettingsViews(m.settings().actions, m.users().actions, c.realm(), passwordChange);
        api.patch("/settings", USER, settingsViews::update);
        // ---- Real-time events (queues)
        RegisterViews registerViews = new RegisterViews(c.db(), queues, m.state(), ServerInfo.registerKeys(), MessageDelivery::queueNarrow);
        api.post("/register", OPTIONAL, registerViews::register);
        api.get("/events", USER, registerViews::events);
        api.delete("/events", USER, registerViews::deleteQueue);
        // ---- Groups and the realm
        GroupViews groupViews = new GroupViews(c.db(), c.groups(), m.groups().actions, c.groupValues());
        api.get("/user_groups", USER, groupViews::list);
        api.post("/user_groups/create", USER, groupViews::create);
        api.patch("/user_groups/{user_group_id}", USER, groupViews::update);
        api.post("/user_groups/{user_group_id}/deactivate", USER, groupViews::deactivate);
        api.get("/user_groups/{user_group_id}/members", USER, groupViews::members);
        api.post("/user_groups/{user_group_id}/members", USER, groupViews::updateMembers);
        api.get("/user_groups/{user_group_id}/members/{user_id}", USER, groupViews::isMember);
        api.get("/user_groups/{user_group_id}/subgroups", USER, groupViews::subgroups);
        api.post("/user_groups/{user_group_id}/subgroups", USER, groupViews::updateSubgroups);
        RealmViews realmViews = new RealmViews(c.db(), m.realm().actions, c.groupValues(),
                (h, id) -> c.channels().byId(h, id).filter(ch -> !ch.isArchived()).map(Channel::inviteOnly));
        api.patch("/realm", USER, realmViews::update);
        // authentication_methods (owners only): checked before the other settings change, applied after them, as Zulip's update_realm
        api.wrap("PATCH", "/realm", realmUpdate -> req -> {
            JsonNode wanted = req.has("authentication_methods") ? req.json("authentication_methods") : null;
            if (wanted == null) return realmUpdate.handle(req);
            if (!req.user().isAdmin()) return realmUpdate.handle(req); // Zulip's require_realm_admin answers first
            var change = m.sessions().methods.checkRequest(req.user(), wanted);
            Object out = realmUpdate.handle(req);
            if (m.sessions().methods.doSet(change) && out instanceof ObjectNode o) o.set("authentication_methods", wanted);
            return out;
        });
        RealmDomainViews realmDomainViews = new RealmDomainViews(c.db(), m.realmDomains().store, m.realmDomains().actions);
        // ---- Invitations (invites) and the sign-up page that consumes them
        InviteViews inviteViews = new InviteViews(m.invites().actions, c.config().externalUrl());
        api.get("/invites", USER, inviteViews::list);
        api.post("/invites", USER, inviteViews::invite);
        api.post("/invites/multiuse", USER, inviteViews::createLink);
        api.delete("/invites/{invite_id}", USER, inviteViews::revoke);
        api.post("/invites/{invite_id}/resend", USER, inviteViews::resend);
        api.delete("/invites/multiuse/{invite_id}", USER, inviteViews::revokeLink);
        api.patch("/invites/multiuse/{invite_id}", USER, inviteViews::editLink);
        JoinViews joinViews = new JoinViews(m.invites().join, () -> c.realm().get().get("name").asText());
        root.get("/join/{key}", NONE, joinViews::form);
        root.post("/join/{key}", NONE, joinViews::join);
        api.get("/realm/domains", USER, realmDomainViews::list);
        api.post("/realm/domains", USER, realmDomainViews::add);
        api.patch("/realm/domains/{domain}", USER, realmDomainViews::change);
        api.delete("/realm/domains/{domain}", USER, realmDomainViews::remove);
        PlaygroundViews playgroundViews = new PlaygroundViews(m.playgrounds().actions);
        api.post("/realm/playgrounds", USER, playgroundViews::add);
        api.delete("/realm/playgrounds/{playground_id}", USER, playgroundViews::remove);
        ExportViews exportViews = new ExportViews(m.exports().actions);
        api.post("/export/realm", USER, exportViews::create);
        api.get("/export/realm", USER, exportViews::list);
        api.delete("/export/realm/{export_id}", USER, exportViews::delete);
        api.get("/export/realm/consents", USER, exportViews::consents);
        // The export file (export_url): administrators only, with a session cookie or Basic credentials.
        root.get("/exports/realm/{export_id}/{file_name}", USER, exportViews::download);
        // ---- Channels, subscriptions, folders, default channels
        ChannelsModule ch = m.channels();
        ChannelViews channelViews = new ChannelViews(ch.actions, ch.updates);
        api.post("/channels/create", USER, channelViews::create);
        api.delete("/streams/{stream_id}", USER, channelViews::archive);
        ChannelReadViews channelReadViews = new ChannelReadViews(c.db(), c.channels(), c.subscriptions(), c.channelAccess(), ch.json, c.users(), ch.email);
        api.get("/streams", USER, channelReadViews::list);
        api.get("/streams/{stream_id}", USER, channelReadViews::one);
        api.get("/get_stream_id", USER, channelReadViews::idByName);
        api.get("/streams/{stream_id}/members", USER, channelReadViews::members);
        api.get("/streams/{stream_id}/email_address", USER, channelReadViews::emailAddress);
        api.get("/users/{user_id}/subscriptions/{stream_id}", USER, channelReadViews::status);
        api.get("/users/me/{stream_id}/topics", USER, channelReadViews::topics);
        ChannelUpdateViews channelUpdateViews = new ChannelUpdateViews(ch.updates);
        api.patch("/streams/{stream_id}", USER, channelUpdateViews::update);
        SubscriptionViews subscriptionViews = new SubscriptionViews(c.db(), c.channels(), c.subscriptions(), ch.json, ch.subscriptions, ch.partial);
        api.get("/users/me/subscriptions", USER, subscriptionViews::list);
        api.post("/users/me/subscriptions", USER, subscriptionViews::subscribe);
        api.delete("/users/me/subscriptions", USER, subscriptionViews::unsubscribe);
        SubscriptionPropertyViews subscriptionPropertyViews = new SubscriptionPropertyViews(ch.updates);
        api.patch("/users/me/subscriptions/{stream_id}", USER, subscriptionPropertyViews::one);
        api.post("/users/me/subscriptions/properties", USER, subscriptionPropertyViews::bulk);
        FolderViews folderViews = new FolderViews(c.db(), c.channels(), c.folders(), c.channelAccess(), ch.json, ch.folders, ch.updates, c.subscriptions());
        api.post("/channel_folders/create", USER, folderViews::create);
        api.get("/channel_folders", USER, folderViews::list);
        api.patch("/channel_folders/{channel_folder_id}", USER, folderViews::update);
        api.patch("/channel_folders", USER, folderViews::reorder);
        api.get("/default_streams", USER, folderViews::defaults);
        api.post("/default_streams", USER, folderViews::addDefault);
        api.delete("/default_streams", USER, folderViews::removeDefault);
        // ---- Messages, flags, reactions, uploads
        MessageViews messageViews = new MessageViews(c.db(), ms.store, c.users(), ms.access, ms.actions, ms.json);
        api.post("/messages", USER, messageViews::send);
        // ---- Incoming webhooks (integrations): the account by its api_key parameter, as Zulip's webhook_view
        IncomingWebhookViews webhookViews = new IncomingWebhookViews(m.integrations().integrations, m.integrations().incoming);
        api.post("/external/{integration}", WEBHOOK, webhookViews::post);
        api.get("/messages", USER, messageViews::list);
        api.get("/messages/{message_id}", USER, messageViews::one);
        api.get("/messages/matches_narrow", USER, messageViews::matchesNarrow);
        MessageEditViews messageEditViews = new MessageEditViews(c.db(), ms.store, c.realm(), ms.access, ms.edits);
        api.patch("/messages/{message_id}", USER, messageEditViews::edit);
        api.delete("/messages/{message_id}", USER, messageEditViews::delete);
        api.get("/messages/{message_id}/history", USER, messageEditViews::history);
        FlagViews flagViews = new FlagViews(ms.flags);
        api.post("/messages/flags", USER, flagViews::flags);
        api.post("/messages/flags/narrow", USER, flagViews::flagsNarrow);
        api.post("/mark_all_as_read", USER, flagViews::markAll);
        api.post("/mark_stream_as_read", USER, flagViews::markStream);
        api.post("/mark_topic_as_read", USER, flagViews::markTopic);
        ReactionViews reactionViews = new ReactionViews(ms.reactions);
        api.post("/messages/{message_id}/reactions", USER, reactionViews::add);
        api.delete("/messages/{message_id}/reactions", USER, reactionViews::remove);
        TypingViews typingViews = new TypingViews(ms.typing);
        api.post("/typing", USER, typingViews::typing);
        MessageExtraViews messageExtraViews = new MessageExtraViews(ms.topicDeletes, ms.editTyping);
        api.post("/streams/{stream_id}/delete_topic", USER, messageExtraViews::deleteTopic);
        api.post("/messages/{message_id}/typing", USER, messageExtraViews::editTyping);
        ReadReceiptViews readReceiptViews = new ReadReceiptViews(c.db(), ms.store, ms.access, c.users(), c.realm(),
                m.topics().store::mutedOrMutingIds);
        api.get("/messages/{message_id}/read_receipts", USER, readReceiptViews::get);
        ReportViews reportViews = new ReportViews(ms.reports);
        api.post("/messages/{message_id}/report", USER, reportViews::report);
        api.post("/realm/test_welcome_bot_custom_message", USER, new WelcomeBotViews(ms.welcomeBot)::testCustomMessage);
        UploadViews uploadViews = new UploadViews(ms.uploads);
        api.post("/user_uploads", USER, uploadViews::upload);
        api.get("/attachments", USER, uploadViews::list);
        api.delete("/attachments/{attachment_id}", USER, uploadViews::delete);
        // /api/v1/user_uploads/<path_id> answers a URL for the file; /user_uploads/<path_id> (HttpFront
        // routes it here too) serves the file itself.
        api.get("/user_uploads/{realm_id_str}/{filename...}", USER, uploadViews::serve);
        // The URL /api/v1/user_uploads/<path_id> hands out: the file without credentials, for a minute.
        api.get("/user_uploads/temporary/{token}/{filename}", NONE, uploadViews::serveTemporary);
        RenderViews renderViews = new RenderViews(c.renderer());
        api.post("/messages/render", USER, renderViews::render);
        root.get("/thumbnail", OPTIONAL, renderViews::thumbnail);
        // ---- Linkifiers and custom emoji
        LinkifierViews linkifierViews = new LinkifierViews(c.db(), c.linkifiers(), m.linkifiers().actions);
        api.get("/realm/linkifiers", USER, linkifierViews::list);
        api.patch("/realm/linkifiers", USER, linkifierViews::reorder);
        api.post("/realm/filters", USER, linkifierViews::add);
        api.patch("/realm/filters/{filter_id}", USER, linkifierViews::update);
        api.delete("/realm/filters/{filter_id}", USER, linkifierViews::remove);
        EmojiViews emojiViews = new EmojiViews(c.db(), c.emoji(), m.emoji().actions, m.emoji().images);
        api.get("/realm/emoji", USER, emojiViews::list);
        api.post("/realm/emoji/{emoji_name}", USER, emojiViews::upload);
        api.delete("/realm/emoji/{emoji_name}", USER, emojiViews::deactivate);
        root.get(EmojiRow.IMAGE_PATH + "{file}", NONE, req -> emojiViews.serve(req, false));
        root.get(EmojiRow.IMAGE_PATH + "still/{file}", NONE, req -> emojiViews.serve(req, true));
        root.get(dev.stoa.emoji.ServerEmojiData.PATH, NONE, new dev.stoa.emoji.ServerEmojiData()::serve);
        // ---- Per-user extras
        SnippetViews snippetViews = new SnippetViews(c.db(), m.snippets().store, m.snippets().actions);
        api.get("/saved_snippets", USER, snippetViews::list);
        api.post("/saved_snippets", USER, snippetViews::create);
        api.patch("/saved_snippets/{saved_snippet_id}", USER, snippetViews::edit);
        api.delete("/saved_snippets/{saved_snippet_id}", USER, snippetViews::delete);
        DraftViews draftViews = new DraftViews(c.db(), m.drafts().store, m.drafts().actions, c.clock());
        api.get("/drafts", USER, draftViews::list);
        api.post("/drafts", USER, draftViews::create);
        api.patch("/drafts/{draft_id}", USER, draftViews::edit);
        api.delete("/drafts/{draft_id}", USER, draftViews::delete);
        NavigationViews navigationViews = new NavigationViews(c.db(), m.navigation().store, m.navigation().actions);
        api.get("/navigation_views", USER, navigationViews::list);
        api.post("/navigation_views", USER, navigationViews::add);
        // A fragment may arrive percent-encoded or as several path segments (narrow/is/starred).
        api.patch("/navigation_views/{fragment...}", USER, navigationViews::update);
        api.delete("/navigation_views/{fragment...}", USER, navigationViews::remove);
        CallViews callViews = new CallViews(c.db(), m.calls().provider, m.calls().store, m.calls().actions, c.users(), c.config().externalUrl(), c.clock());
        api.post("/calls/meeting/create", USER, req -> callViews.create(req, false));
        api.post("/calls/zoom/create", USER, req -> callViews.create(req, true));
        api.get("/calls/meeting/register", USER, req -> callViews.register(req, "meeting"));
        api.get("/calls/zoom/register", USER, req -> callViews.register(req, "zoom"));
        api.get("/calls/meeting/complete", NONE, req -> callViews.complete(req, "meeting"));
        api.get("/calls/zoom/complete", NONE, req -> callViews.complete(req, "zoom"));
        api.delete("/calls/meeting/token", USER, callViews::forget);
        AlertWordViews alertWordViews = new AlertWordViews(c.db(), m.alertWords().store, m.alertWords().actions);
        api.get("/users/me/alert_words", USER, alertWordViews::list);
        api.post("/users/me/alert_words", USER, req -> alertWordViews.change(req, true));
        api.delete("/users/me/alert_words", USER, req -> alertWordViews.change(req, false));
        PresenceViews presenceViews = new PresenceViews(c.db(), m.presence().store, m.presence().actions, c.users(), c.userJson()::apiEmail, c.userAccess(),
                m.presence().limited, c.clock(), m.presence().state);
        api.post("/users/me/presence", USER, presenceViews::report);
        api.get("/realm/presence", USER, presenceViews::realm);
        api.get("/users/{user_id_or_email}/presence", USER, presenceViews::ofUser);
        UserTopicViews userTopicViews = new UserTopicViews(m.topics().actions);
        api.post("/user_topics", USER, userTopicViews::setPolicy);
        MutedTopicViews mutedTopicViews = new MutedTopicViews(c.db(), c.channels(), m.topics().actions);
        api.patch("/users/me/subscriptions/muted_topics", USER, mutedTopicViews::update);
        api.post("/users/me/muted_users/{muted_user_id}", USER, userTopicViews::mute);
        UserStatusViews userStatusViews = new UserStatusViews(c.db(), m.userStatus().store, m.userStatus().actions, c.users(), c.userAccess());
        api.post("/users/me/status", USER, userStatusViews::update);
        api.get("/users/{user_id}/status", USER, userStatusViews::get);
        ScheduledViews scheduledViews = new ScheduledViews(c.db(), m.scheduled().store, m.scheduled().actions);
        api.get("/scheduled_messages", USER, scheduledViews::list);
        api.post("/scheduled_messages", USER, scheduledViews::create);
        api.patch("/scheduled_messages/{scheduled_message_id}", USER, scheduledViews::edit);
        api.delete("/scheduled_messages/{scheduled_message_id}", USER, scheduledViews::delete);
        api.get("/reminders", USER, scheduledViews::reminders);
        api.post("/reminders", USER, scheduledViews::createReminder);
        api.delete("/reminders/{reminder_id}", USER, scheduledViews::deleteReminder);
        PushViews pushViews = new PushViews(m.push().actions, m.push().deviceActions);
        api.post("/register_client_device", USER, pushViews::registerDevice);
        api.post("/submessage", USER, new dev.stoa.messages.SubmessageViews(ms.submessages)::add);
        api.post("/remove_client_device", USER, pushViews::removeDevice);
        api.post("/users/me/apns_device_token", USER, pushViews::addApns);
        api.delete("/users/me/apns_device_token", USER, pushViews::removeApns);
        api.post("/users/me/android_gcm_reg_id", USER, pushViews::addFcm);
        api.delete("/users/me/android_gcm_reg_id", USER, pushViews::removeFcm);
        api.post("/mobile_push/register", USER, pushViews::registerE2ee);
        api.delete("/users/me/muted_users/{muted_user_id}", USER, userTopicViews::unmute);
    }
}
