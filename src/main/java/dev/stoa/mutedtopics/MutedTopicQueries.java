package dev.stoa.mutedtopics;

import dev.stoa.channels.Channel;
import dev.stoa.channels.ChannelStore;
import dev.stoa.db.Db;
import java.util.Optional;

/** The channels the legacy muted_topics view looks up, each in a read transaction of its own. The view holds no database: reads go through here, writes through the actions. */
public final class MutedTopicQueries {
    private final Db db;
    private final ChannelStore channels;

    public MutedTopicQueries(Db db, ChannelStore channels) {
        this.db = db;
        this.channels = channels;
    }

    public boolean channelExists(long id) {
        return db.read(h -> channels.byId(h, id)).isPresent();
    }

    public Optional<Channel> channelByName(String name) {
        return db.read(h -> channels.byName(h, name));
    }
}
