package dev.stoa.groups;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A user group as stored. settings is its settings document: the six group-setting values, each a
 * group id or {direct_members, direct_subgroups}, the form the realm's and a channel's settings
 * share (as identity.User and channels.Channel carry theirs). GroupJson renders the API's UserGroup.
 */
public record Group(long id, String name, String description, boolean system, boolean deactivated, Long dateCreated, Long creatorId,
                    ObjectNode settings) {}
