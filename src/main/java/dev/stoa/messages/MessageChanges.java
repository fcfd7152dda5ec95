package dev.stoa.messages;

import dev.stoa.db.Tx;
import java.util.Collection;

/**
 * What another feature does inside the transaction that reads or deletes messages (push
 * notifications: the phones are told to drop the notifications of what was read or deleted).
 */
public interface MessageChanges {
    /** The user's messages among ids were just marked read. */
    void read(Tx tx, long userId, Collection<Long> messageIds);

    /** These messages are about to be deleted (their user_message rows still exist). */
    void deleted(Tx tx, Collection<Long> messageIds);

    MessageChanges NONE = new MessageChanges() {
        @Override
        public void read(Tx tx, long userId, Collection<Long> messageIds) {}

        @Override
        public void deleted(Tx tx, Collection<Long> messageIds) {}
    };
}
