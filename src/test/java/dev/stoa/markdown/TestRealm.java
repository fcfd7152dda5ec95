package dev.stoa.markdown;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** A small in-memory realm for tests. */
final class TestRealm implements MarkdownContext {
    final List<MentionUser> users = new ArrayList<>();
    final List<MentionGroup> groups = new ArrayList<>();
    final List<ChannelRef> channels = new ArrayList<>();
    final List<CustomEmoji> emoji = new ArrayList<>();
    final List<Linkifier> linkifiers = new ArrayList<>();
    String realmUrl = "http://zulip.testserver";
    boolean translateEmoticons;

    @Override
    public Optional<MentionUser> userByFullName(String fullName) {
        List<MentionUser> found = users.stream()
                .filter(u -> u.fullName().toLowerCase(Locale.ROOT).equals(fullName.toLowerCase(Locale.ROOT))).toList();
        return found.size() == 1 ? Optional.of(found.get(0)) : Optional.empty();
    }

    @Override
    public Optional<MentionUser> userById(long id) {
        return users.stream().filter(u -> u.id() == id).findFirst();
    }

    @Override
    public Optional<MentionGroup> groupByName(String name) {
        return groups.stream().filter(g -> g.name().equalsIgnoreCase(name)).findFirst();
    }

    @Override
    public Optional<ChannelRef> channelByName(String name) {
        return channels.stream().filter(c -> c.name().equalsIgnoreCase(name)).findFirst();
    }

    @Override
    public Optional<CustomEmoji> realmEmoji(String name) {
        return emoji.stream().filter(e -> e.name().equals(name)).findFirst();
    }

    @Override
    public List<Linkifier> linkifiers() {
        return linkifiers;
    }

    @Override
    public String realmUrl() {
        return realmUrl;
    }

    @Override
    public boolean translateEmoticons() {
        return translateEmoticons;
    }
}
