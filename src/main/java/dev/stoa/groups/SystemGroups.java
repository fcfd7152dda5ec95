package dev.stoa.groups;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The system groups and how they nest: each role group's direct members are the users with that
 * role; larger groups contain the smaller ones as subgroups (owners ⊂ administrators ⊂ moderators
 * ⊂ full members ⊂ members ⊂ everyone ⊂ internet).
 */
public final class SystemGroups {
    public static final String INTERNET = "role:internet", EVERYONE = "role:everyone", MEMBERS = "role:members",
            FULL_MEMBERS = "role:fullmembers", MODERATORS = "role:moderators", ADMINISTRATORS = "role:administrators",
            OWNERS = "role:owners", NOBODY = "role:nobody";

    /** Name → (description, direct subgroups), in creation order (subgroups first). */
    public static final Map<String, List<String>> SUBGROUPS = new LinkedHashMap<>();
    public static final Map<String, String> DESCRIPTIONS = new LinkedHashMap<>();

    static {
        define(NOBODY, "Nobody", List.of());
        define(OWNERS, "Owners of this organization", List.of());
        define(ADMINISTRATORS, "Administrators of this organization, including owners", List.of(OWNERS));
        define(MODERATORS, "Moderators of this organization, including administrators", List.of(ADMINISTRATORS));
        define(FULL_MEMBERS, "Members of this organization, not including new accounts and guests", List.of(MODERATORS));
        define(MEMBERS, "Members of this organization, not including guests", List.of(MODERATORS));
        define(EVERYONE, "Everyone in this organization, including all guests", List.of(MEMBERS));
        define(INTERNET, "Everyone on the internet", List.of(EVERYONE));
    }

    private static void define(String name, String description, List<String> subgroups) {
        SUBGROUPS.put(name, subgroups);
        DESCRIPTIONS.put(name, description);
    }

    private SystemGroups() {}
}
