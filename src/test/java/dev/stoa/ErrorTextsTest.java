package dev.stoa;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Error texts live in one class per feature ({@code messages.MessageErrors}, {@code channels.ChannelErrors}…;
 * texts several features answer with in {@code http.CommonErrors}): code elsewhere builds no ApiError from a
 * string literal, so each of Zulip's texts is written once and a feature's answers read as one list.
 * {@code ApiError.missing("name")} is allowed: its argument names a parameter, the text is ApiError's own.
 */
class ErrorTextsTest {
    /** Files that still build an ApiError from a literal; shrink to empty. */
    private static final Set<String> ALLOWED = Set.of(
            "dev/stoa/accounts/PasswordChangeActions.java",
            "dev/stoa/accounts/PasswordResetActions.java",
            "dev/stoa/alertwords/AlertWordViews.java",
            "dev/stoa/bots/BotStorageActions.java",
            "dev/stoa/bots/BotStorageViews.java",
            "dev/stoa/calls/CallViews.java",
            "dev/stoa/drafts/DraftActions.java",
            "dev/stoa/drafts/DraftViews.java",
            "dev/stoa/emoji/EmojiActions.java",
            "dev/stoa/emoji/EmojiImages.java",
            "dev/stoa/emoji/EmojiViews.java",
            "dev/stoa/export/ExportActions.java",
            "dev/stoa/export/ExportViews.java",
            "dev/stoa/groups/GroupActions.java",
            "dev/stoa/groups/GroupQueries.java",
            "dev/stoa/groups/GroupRules.java",
            "dev/stoa/groups/GroupSettingValues.java",
            "dev/stoa/groups/GroupViews.java",
            "dev/stoa/http/Csrf.java",
            "dev/stoa/http/HttpFront.java",
            "dev/stoa/http/Params.java",
            "dev/stoa/http/Request.java",
            "dev/stoa/http/Router.java",
            "dev/stoa/integrations/AlertmanagerIntegration.java",
            "dev/stoa/integrations/CircleCiIntegration.java",
            "dev/stoa/integrations/GrafanaIntegration.java",
            "dev/stoa/integrations/IncomingWebhookViews.java",
            "dev/stoa/integrations/JsonIntegration.java",
            "dev/stoa/integrations/Payload.java",
            "dev/stoa/integrations/SlackBlocks.java",
            "dev/stoa/integrations/WebhookRequest.java",
            "dev/stoa/invites/InviteActions.java",
            "dev/stoa/invites/InviteRules.java",
            "dev/stoa/invites/JoinActions.java",
            "dev/stoa/ldap/LdapAvatars.java",
            "dev/stoa/linkifiers/LinkifierActions.java",
            "dev/stoa/linkifiers/LinkifierViews.java",
            "dev/stoa/mutedtopics/MutedTopicViews.java",
            "dev/stoa/navigation/NavigationActions.java",
            "dev/stoa/navigation/NavigationViews.java",
            "dev/stoa/playgrounds/PlaygroundActions.java",
            "dev/stoa/playgrounds/PlaygroundRules.java",
            "dev/stoa/presence/PresenceQueries.java",
            "dev/stoa/presence/PresenceViews.java",
            "dev/stoa/push/DeviceActions.java",
            "dev/stoa/push/PushActions.java",
            "dev/stoa/push/PushRules.java",
            "dev/stoa/push/PushTestActions.java",
            "dev/stoa/push/PushViews.java",
            "dev/stoa/queues/EventQueues.java",
            "dev/stoa/queues/RegisterViews.java",
            "dev/stoa/realm/RealmActions.java",
            "dev/stoa/realm/RealmSettingSpecs.java",
            "dev/stoa/realm/RealmViews.java",
            "dev/stoa/realmdomains/RealmDomainActions.java",
            "dev/stoa/realmdomains/RealmDomainRules.java",
            "dev/stoa/render/RenderViews.java",
            "dev/stoa/scheduled/ReminderContent.java",
            "dev/stoa/scheduled/ScheduledActions.java",
            "dev/stoa/scheduled/ScheduledViews.java",
            "dev/stoa/settings/SettingTypes.java",
            "dev/stoa/settings/SettingsViews.java",
            "dev/stoa/signin/AppFlow.java",
            "dev/stoa/signin/ExternalAccounts.java",
            "dev/stoa/signin/SignInActions.java",
            "dev/stoa/signin/SignInMethodActions.java",
            "dev/stoa/snippets/SnippetActions.java",
            "dev/stoa/snippets/SnippetViews.java",
            "dev/stoa/topics/UserTopicActions.java",
            "dev/stoa/topics/UserTopicViews.java",
            "dev/stoa/twofactor/TwoFactorActions.java",
            "dev/stoa/users/AvatarActions.java",
            "dev/stoa/users/AvatarViews.java",
            "dev/stoa/users/BotActions.java",
            "dev/stoa/users/BotServices.java",
            "dev/stoa/users/EmailChangeActions.java",
            "dev/stoa/users/PasswordLogin.java",
            "dev/stoa/users/ProfileFieldActions.java",
            "dev/stoa/users/ProfileFieldTypes.java",
            "dev/stoa/users/ProfileFieldViews.java",
            "dev/stoa/users/UserActions.java",
            "dev/stoa/users/UserAuth.java",
            "dev/stoa/users/UserQueries.java",
            "dev/stoa/users/UserRules.java",
            "dev/stoa/users/UserViews.java",
            "dev/stoa/userstatus/StatusEmoji.java",
            "dev/stoa/userstatus/UserStatusQueries.java",
            "dev/stoa/userstatus/UserStatusViews.java");

    private static final Pattern CALL = Pattern.compile("(?<![\\w.])ApiError\\.(\\w+)\\(");

    @Test
    void errorTextsLiveInErrorClasses() throws IOException {
        Set<String> found = new TreeSet<>();
        Path root = Path.of("src/main/java");
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String name = file.getFileName().toString();
                if (name.endsWith("Errors.java") || name.equals("ApiError.java")) continue;
                if (buildsFromLiteral(Files.readString(file))) found.add(root.relativize(file).toString().replace('\\', '/'));
            }
        }
        assertThat(found).as("files building an ApiError from a string literal (move the text to the feature's *Errors class)")
                .isSubsetOf(ALLOWED);
        assertThat(ALLOWED).as("allowed files that no longer build one (shrink the list)").isSubsetOf(found);
    }

    /** Whether an ApiError factory other than missing() gets a string literal among its arguments. */
    static boolean buildsFromLiteral(String src) {
        String code = InlineClassNamesTest.codeOnly(src);
        Matcher m = CALL.matcher(code);
        while (m.find()) {
            if (m.group(1).equals("missing")) continue;
            int depth = 0, end = m.end() - 1;
            do {
                char c = code.charAt(end++);
                if (c == '(') depth++;
                else if (c == ')') depth--;
            } while (depth > 0);
            for (int i = m.end(); i < end; i++) {
                if (src.charAt(i) == '"' && code.charAt(i) == ' ') return true;
            }
        }
        return false;
    }
}
