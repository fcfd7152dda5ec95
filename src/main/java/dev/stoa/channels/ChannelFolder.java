package dev.stoa.channels;

/** A channel folder row. */
public record ChannelFolder(long id, String name, String description, String renderedDescription, int order,
                            long dateCreated, Long creatorId, boolean isArchived) {
}
