package dev.stoa.messages;

import dev.stoa.db.Tx;
import java.util.Collection;
import java.util.Set;

/**
 * What another feature does inside the transaction that reads, deletes or edits messages (push
 * notifications: the phones are told to drop the notifications of what was read or deleted, and
 * people an edit newly mentions are notified).
 */
public interface MessageChanges {
    /** The user's messages among ids were just marked read. */
    void read(Tx tx, long userId, Collection<Long> messageIds);

    /** These messages are about to be deleted (their user_message rows still exist). */
    void deleted(Tx tx, Collection<Long> messageIds);

    /** A content edit of a channel message mentions these users (personally, by group or wildcard) who were not mentioned before. */
    void mentionedByEdit(Tx tx, long messageId, Set<Long> userIds);

    MessageChanges NONE = new MessageChanges() {
        @Override
        public void mentionedByEdit(Tx tx, long messageId, Set<Long> userIds) {}

        @Override
        public void read(Tx tx, long userId, Collection<Long> messageIds) {}

        @Override
        public void deleted(Tx tx, Collection<Long> messageIds) {}
    };
}
