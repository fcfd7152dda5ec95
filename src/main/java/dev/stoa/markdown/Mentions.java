package dev.stoa.markdown;

import dev.stoa.markdown.Inline.Hit;
import dev.stoa.markdown.MarkdownContext.ChannelRef;
import dev.stoa.markdown.MarkdownContext.MentionGroup;
import dev.stoa.markdown.MarkdownContext.MentionUser;
import java.util.Locale;
import java.util.Optional;

/** User, group and wildcard mentions; channel and topic links. Unknown targets stay plain text. */
final class Mentions {
    private static final String MENTION_PRECEDERS = "'\"({[/<";
    private static final String CHANNEL_PRECEDERS = "'\"(,:<";
    private final RenderState st;

    Mentions(RenderState st) {
        this.st = st;
    }

    /** {@code @**Name**}, {@code @**Name|id**}, {@code @_**Name**}, wildcards. */
    Hit user(String s, int from, int phEnd) {
        for (int i = s.indexOf('@', from); i >= 0; i = s.indexOf('@', i + 1)) {
            if (!Inline.startOk(s, i, phEnd, MENTION_PRECEDERS)) {
                continue;
            }
            boolean silent = s.startsWith("_", i + 1);
            int open = i + (silent ? 2 : 1);
            if (!s.startsWith("**", open)) {
                continue;
            }
            int close = s.indexOf('*', open + 2);
            if (close <= open + 2 || !s.startsWith("**", close)) {
                continue;
            }
            Node n = userNode(s.substring(open + 2, close), silent);
            if (n != null) {
                return new Hit(i, close + 2, n);
            }
        }
        return null;
    }

    private Node userNode(String name, boolean silent) {
        String lower = name.toLowerCase(Locale.ROOT);
        if (lower.equals("all") || lower.equals("everyone") || lower.equals("stream") || lower.equals("channel")) {
            st.streamWildcard |= !silent;
            return mentionSpan("user-mention", "*", name, silent);
        }
        if (lower.equals("topic")) {
            st.topicWildcard |= !silent;
            Node n = mentionSpan("topic-mention", null, name, silent);
            return n;
        }
        Optional<MentionUser> user = lookupUser(name);
        if (user.isEmpty()) {
            return null;
        }
        long id = user.get().id();
        (silent ? st.silentUsers : st.mentionedUsers).add(id);
        return mentionSpan("user-mention", Long.toString(id), Html.clean(user.get().fullName()), silent);
    }

    private Optional<MentionUser> lookupUser(String name) {
        int bar = name.lastIndexOf('|');
        if (bar >= 0 && bar + 1 < name.length() && name.substring(bar + 1).chars().allMatch(Character::isDigit)
                && name.length() - bar < 19) {
            String fullName = name.substring(0, bar);
            Optional<MentionUser> u = st.ctx.userById(Long.parseLong(name.substring(bar + 1)));
            if (u.isEmpty() || (!fullName.isEmpty() && !u.get().fullName().equals(fullName))) {
                return Optional.empty();
            }
            return u;
        }
        return st.ctx.userByFullName(name);
    }

    private static Node mentionSpan(String cls, String userId, String name, boolean silent) {
        Node span = Inline.element("span", silent ? name : "@" + name, true);
        span.attrs.put("class", silent ? cls + " silent" : cls);
        if (userId != null) {
            span.attrs.put("data-user-id", userId);
        }
        return span;
    }

    /** {@code @*group*} and silent {@code @_*group*}. */
    Hit group(String s, int from, int phEnd) {
        for (int i = s.indexOf('@', from); i >= 0; i = s.indexOf('@', i + 1)) {
            if (!Inline.startOk(s, i, phEnd, MENTION_PRECEDERS)) {
                continue;
            }
            boolean silent = s.startsWith("_", i + 1);
            int open = i + (silent ? 2 : 1);
            if (open >= s.length() || s.charAt(open) != '*') {
                continue;
            }
            int close = s.indexOf('*', open + 1);
            if (close <= open + 1) {
                continue;
            }
            Optional<MentionGroup> g = st.ctx.groupByName(s.substring(open + 1, close));
            if (g.isEmpty()) {
                continue;
            }
            if (!silent) {
                st.mentionedGroups.add(g.get().id());
            }
            String groupName = Html.clean(g.get().name());
            Node span = Inline.element("span", silent ? groupName : "@" + groupName, true);
            span.attrs.put("class", silent ? "user-group-mention silent" : "user-group-mention");
            span.attrs.put("data-user-group-id", Long.toString(g.get().id()));
            return new Hit(i, close + 1, span);
        }
        return null;
    }

    /** {@code #**channel>topic**}. */
    Hit topic(String s, int from, int phEnd) {
        return channelLink(s, from, phEnd, true);
    }

    /** {@code #**channel**}. */
    Hit channel(String s, int from, int phEnd) {
        return channelLink(s, from, phEnd, false);
    }

    private Hit channelLink(String s, int from, int phEnd, boolean withTopic) {
        for (int i = s.indexOf("#**", from); i >= 0; i = s.indexOf("#**", i + 1)) {
            if (!Inline.startOk(s, i, phEnd, CHANNEL_PRECEDERS)) {
                continue;
            }
            int close = s.indexOf('*', i + 3);
            if (close <= i + 3 || !s.startsWith("**", close)) {
                continue;
            }
            String body = s.substring(i + 3, close);
            int gt = body.indexOf('>');
            if (withTopic && gt <= 0) {
                continue;
            }
            String name = withTopic ? body.substring(0, gt) : body;
            Optional<ChannelRef> ch = st.ctx.channelByName(name);
            if (ch.isEmpty()) {
                continue;
            }
            return new Hit(i, close + 2, channelAnchor(ch.get(), withTopic ? body.substring(gt + 1) : null));
        }
        return null;
    }

    private static Node channelAnchor(ChannelRef ch, String topic) {
        String name = Html.clean(ch.name());
        String href = "/#narrow/channel/" + ch.id() + "-" + encodeHashComponent(name.replace(' ', '-'));
        String text = "#" + name;
        Node a = Inline.element("a", text, true);
        a.attrs.put("class", topic == null ? "stream" : "stream-topic");
        a.attrs.put("data-stream-id", Long.toString(ch.id()));
        if (topic != null) {
            int at = topic.lastIndexOf('@');
            boolean message = at >= 0 && at + 1 < topic.length() && topic.length() - at < 20
                    && topic.substring(at + 1).chars().allMatch(d -> d >= '0' && d <= '9');
            String topicName = message ? topic.substring(0, at) : topic;
            href += "/topic/" + encodeHashComponent(topicName);
            a.text = text + " > " + topicName;
            if (message) {
                // #**channel>topic@id** links to one message, as Zulip's stream_topic_message pattern.
                href += "/near/" + topic.substring(at + 1);
                a.attrs.put("class", "message-link");
                a.text = a.text + " @ \uD83D\uDCAC";
            }
        }
        a.attrs.put("href", href);
        return a;
    }

    /** Zulip's hash_util.encode_hash_component: percent-encoding with '.' in place of '%'. */
    static String encodeHashComponent(String s) {
        String q = Html.urlQuote(s).replace("%2A", "*");
        StringBuilder sb = new StringBuilder(q.length());
        for (char c : q.toCharArray()) {
            switch (c) {
                case '%' -> sb.append('.');
                case '(' -> sb.append(".28");
                case ')' -> sb.append(".29");
                case '.' -> sb.append(".2E");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }
}
