package dev.stoa.markdown;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stoa.markdown.MarkdownContext.ChannelRef;
import dev.stoa.markdown.MarkdownContext.CustomEmoji;
import dev.stoa.markdown.MarkdownContext.Linkifier;
import dev.stoa.markdown.MarkdownContext.MentionGroup;
import dev.stoa.markdown.MarkdownContext.MentionUser;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class MarkdownMentionsEmojiLinkifierTest {
    private final MarkdownRenderer renderer = new MarkdownRenderer(new Katex(Path.of("/nonexistent-katex")));

    private static TestRealm realm() {
        TestRealm realm = new TestRealm();
        realm.users.add(new MentionUser(10, "King Hamlet"));
        realm.users.add(new MentionUser(11, "Othello"));
        realm.users.add(new MentionUser(12, "Twin"));
        realm.users.add(new MentionUser(13, "Twin"));
        realm.groups.add(new MentionGroup(5, "support"));
        realm.channels.add(new ChannelRef(3, "Verona"));
        realm.channels.add(new ChannelRef(4, "core team"));
        realm.emoji.add(new CustomEmoji("1", "green_tick", "/user_avatars/2/emoji/images/1.png", null));
        return realm;
    }

    private Rendered render(String s) {
        return renderer.render(s, realm());
    }

    @Test
    void userMentionByName() {
        Rendered r = render("hi @**king hamlet**");
        assertThat(r.html()).isEqualTo("<p>hi <span class=\"user-mention\" data-user-id=\"10\">@King Hamlet</span></p>");
        assertThat(r.mentionedUserIds()).containsExactly(10L);
        assertThat(r.silentlyMentionedUserIds()).isEmpty();
    }

    @Test
    void ambiguousNameNeedsIdForm() {
        assertThat(render("@**Twin**").html()).isEqualTo("<p>@<strong>Twin</strong></p>");
        Rendered r = render("@**Twin|13**");
        assertThat(r.html()).isEqualTo("<p><span class=\"user-mention\" data-user-id=\"13\">@Twin</span></p>");
        assertThat(r.mentionedUserIds()).containsExactly(13L);
        assertThat(render("@**Othello|13**").mentionedUserIds()).isEmpty(); // name and id disagree
        assertThat(render("@**|11**").mentionedUserIds()).containsExactly(11L);
    }

    @Test
    void silentMentionDoesNotNotify() {
        Rendered r = render("@_**Othello**");
        assertThat(r.html()).isEqualTo("<p><span class=\"user-mention silent\" data-user-id=\"11\">Othello</span></p>");
        assertThat(r.mentionedUserIds()).isEmpty();
        assertThat(r.silentlyMentionedUserIds()).containsExactly(11L);
    }

    @Test
    void mentionsInsideQuotesAreSilenced() {
        Rendered r = render("> @**Othello** said @*support* and @**all**");
        assertThat(r.mentionedUserIds()).isEmpty();
        assertThat(r.mentionedGroupIds()).isEmpty();
        assertThat(r.streamWildcard()).isFalse();
        assertThat(r.html()).contains("<span class=\"user-mention silent\" data-user-id=\"11\">Othello</span>");
    }

    @Test
    void unknownUserStaysText() {
        Rendered r = render("@**Nobody**");
        assertThat(r.mentionedUserIds()).isEmpty();
        assertThat(r.html()).isEqualTo("<p>@<strong>Nobody</strong></p>");
    }

    @Test
    void groupMentions() {
        Rendered r = render("ping @*support*");
        assertThat(r.html()).isEqualTo(
                "<p>ping <span class=\"user-group-mention\" data-user-group-id=\"5\">@support</span></p>");
        assertThat(r.mentionedGroupIds()).containsExactly(5L);
        Rendered silent = render("@_*support*");
        assertThat(silent.mentionedGroupIds()).isEmpty();
        assertThat(silent.html()).contains("class=\"user-group-mention silent\"").contains(">support</span>");
    }

    @Test
    void wildcards() {
        for (String w : new String[] {"all", "everyone", "channel", "stream"}) {
            Rendered r = render("@**" + w + "**");
            assertThat(r.streamWildcard()).as(w).isTrue();
            assertThat(r.topicWildcard()).isFalse();
            assertThat(r.html()).isEqualTo("<p><span class=\"user-mention\" data-user-id=\"*\">@" + w + "</span></p>");
        }
        Rendered topic = render("@**topic**");
        assertThat(topic.topicWildcard()).isTrue();
        assertThat(topic.streamWildcard()).isFalse();
        assertThat(topic.html()).isEqualTo("<p><span class=\"topic-mention\">@topic</span></p>");
        assertThat(render("@_**all**").streamWildcard()).isFalse();
    }

    @Test
    void channelAndTopicLinks() {
        assertThat(render("#**Verona**").html()).isEqualTo(
                "<p><a class=\"stream\" data-stream-id=\"3\" href=\"/#narrow/channel/3-Verona\">#Verona</a></p>");
        assertThat(render("#**core team>lunch time**").html()).isEqualTo(
                "<p><a class=\"stream-topic\" data-stream-id=\"4\" href=\"/#narrow/channel/4-core-team/topic/lunch.20time\">"
                        + "#core team &gt; lunch time</a></p>");
        assertThat(render("#**nowhere**").html()).isEqualTo("<p>#<strong>nowhere</strong></p>");
        assertThat(render("#**Verona>party@42**").html()).isEqualTo(
                "<p><a class=\"message-link\" data-stream-id=\"3\" href=\"/#narrow/channel/3-Verona/topic/party/near/42\">"
                        + "#Verona &gt; party @ \uD83D\uDCAC</a></p>");
    }

    @Test
    void emojiCatalogNames() {
        EmojiCatalog c = EmojiCatalog.get();
        assertThat(c.codeForName("smile")).hasValue("1f642");
        assertThat(c.codeForName("thumbs_up")).hasValue("1f44d");
        assertThat(c.codeForName("+1")).hasValue("1f44d");
        assertThat(c.codeForName("heart")).hasValue("2764");
        assertThat(c.codeForName("grinning")).hasValue("1f600");
        assertThat(c.codeForName("octopus")).hasValue("1f419");
        assertThat(c.codeForName("woman_shrugging")).hasValue("1f937-200d-2640");
        assertThat(c.codeForName("fried_egg")).isEmpty();
        assertThat(c.codeForName("skin-tone-2")).isEmpty();
        assertThat(c.nameForCode("1f44d")).hasValue("thumbs_up");
        assertThat(c.nameForCode("1f642")).hasValue("smile");
        assertThat(c.nameForCode("0023-20e3")).hasValue("hash");
        assertThat(c.nameForCode("ffff")).isEmpty();
    }

    @Test
    void emojiRendering() {
        assertThat(render(":thumbs_up:").html()).isEqualTo("<p><span aria-label=\"thumbs up\" class=\"emoji emoji-1f44d\" "
                + "role=\"img\" title=\"thumbs up\">:thumbs_up:</span></p>");
        assertThat(render(":green_tick:").html()).isEqualTo("<p><img alt=\":green_tick:\" class=\"emoji\" "
                + "src=\"/user_avatars/2/emoji/images/1.png\" title=\"green_tick\"></p>");
        assertThat(render("`:smile:`").html()).isEqualTo("<p><code>:smile:</code></p>");
    }

    @Test
    void linkifierExpansion() {
        TestRealm realm = realm();
        realm.linkifiers.add(new Linkifier(1, "#(?P<id>[0-9]+)", "https://trac.example.com/ticket/{id}"));
        realm.linkifiers.add(new Linkifier(2, "(?P<org>[a-zA-Z0-9_-]+)/(?P<repo>[a-zA-Z0-9_-]+)#(?P<id>[0-9]+)",
                "https://github.com/{org}/{repo}/pull/{id}"));
        realm.linkifiers.add(new Linkifier(3, "RFC ?(?P<rfc>[0-9]+)", "https://tools.ietf.org/html/rfc{rfc}"));
        realm.linkifiers.add(new Linkifier(4, "wiki:(?P<page>\\S+)", "https://wiki.example.com/{page}"));
        assertThat(renderer.render("see #123 now", realm).html())
                .isEqualTo("<p>see <a href=\"https://trac.example.com/ticket/123\">#123</a> now</p>");
        assertThat(renderer.render("zulip/zulip#42", realm).html())
                .isEqualTo("<p><a href=\"https://github.com/zulip/zulip/pull/42\">zulip/zulip#42</a></p>");
        assertThat(renderer.render("RFC 2616", realm).html())
                .isEqualTo("<p><a href=\"https://tools.ietf.org/html/rfc2616\">RFC 2616</a></p>");
        // RFC 6570 simple expansion percent-encodes reserved characters.
        assertThat(renderer.render("wiki:a/b c", realm).html())
                .isEqualTo("<p><a href=\"https://wiki.example.com/a%2Fb\">wiki:a/b</a> c</p>");
        // Not inside words, code or links.
        assertThat(renderer.render("abc#123 `#123`", realm).html()).isEqualTo("<p>abc#123 <code>#123</code></p>");
        Rendered r = renderer.render("#12", realm);
        assertThat(r.hasLink()).isTrue();
    }

    @Test
    void invalidLinkifierIsIgnored() {
        TestRealm realm = realm();
        realm.linkifiers.add(new Linkifier(1, "(?P<id>[0-9]+", "https://x/{id}"));
        realm.linkifiers.add(new Linkifier(2, "(\\w)\\1", "https://x/"));
        assertThat(renderer.render("12 aa", realm).html()).isEqualTo("<p>12 aa</p>");
    }

    @Test
    void texFallsBackWithoutKatex() {
        assertThat(render("$$x^2$$").html()).isEqualTo("<p><span class=\"tex-error\">$$x^2$$</span></p>");
        assertThat(render("```math\nx<y\n```").html()).isEqualTo("<p><span class=\"tex-error\">x&lt;y</span></p>");
    }

    @Test
    void uploadsAndImages() {
        Rendered r = render("[report.pdf](/user_uploads/2/ab/cdef/report.pdf) and [pic](/user_uploads/2/xy/pic.png)");
        assertThat(r.hasAttachment()).isTrue();
        assertThat(r.hasLink()).isTrue();
        assertThat(r.uploadPathIds()).containsExactly("2/ab/cdef/report.pdf", "2/xy/pic.png");
        assertThat(r.hasImage()).isTrue();
        Rendered plain = render("no links here");
        assertThat(plain.hasLink()).isFalse();
        assertThat(plain.hasAttachment()).isFalse();
        assertThat(plain.uploadPathIds()).isEmpty();
    }

    @Test
    void timestamps() {
        assertThat(render("<time:2023-05-05T10:00:00Z>").html())
                .isEqualTo("<p><time datetime=\"2023-05-05T10:00:00Z\">2023-05-05T10:00:00Z</time></p>");
        assertThat(render("<time:2023-05-05T12:00:00+02:00>").html()).contains("datetime=\"2023-05-05T10:00:00Z\"");
    }
}
