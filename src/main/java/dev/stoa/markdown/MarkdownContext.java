package dev.stoa.markdown;

import java.util.List;
import java.util.Optional;

/** Realm data the renderer needs; the server implements it. Lookups must be cheap (called per match). */
public interface MarkdownContext {
    /** Case-insensitive; when several users share the name, return empty and let the {@code |id} form disambiguate. */
    Optional<MentionUser> userByFullName(String fullName);

    Optional<MentionUser> userById(long id);

    Optional<MentionGroup> groupByName(String name);

    Optional<ChannelRef> channelByName(String name);

    Optional<CustomEmoji> realmEmoji(String name);

    List<Linkifier> linkifiers();

    /** Base URL of the realm, e.g. {@code http://localhost:9991}; links into it are rewritten to relative {@code #narrow/...}. */
    String realmUrl();

    /** The sender's "translate emoticons" setting: {@code :)} becomes {@code :smile:}. */
    default boolean translateEmoticons() {
        return false;
    }

    record MentionUser(long id, String fullName) {}

    record MentionGroup(long id, String name) {}

    record ChannelRef(long id, String name) {}

    record CustomEmoji(String id, String name, String sourceUrl, String stillUrl) {}

    record Linkifier(long id, String pattern, String urlTemplate) {}
}
