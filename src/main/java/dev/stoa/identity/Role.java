package dev.stoa.identity;

import java.util.Arrays;
import java.util.Optional;

/** Zulip's roles, by their integer code. */
public enum Role {
    OWNER(100), ADMINISTRATOR(200), MODERATOR(300), MEMBER(400), GUEST(600);

    public final int code;

    Role(int code) { this.code = code; }

    public static Optional<Role> of(int code) {
        return Arrays.stream(values()).filter(r -> r.code == code).findFirst();
    }

    public static Role fromCode(int code) {
        return of(code).orElseThrow();
    }

    /** The system group whose direct members have this role. */
    public String systemGroup() {
        return switch (this) {
            case OWNER -> "role:owners";
            case ADMINISTRATOR -> "role:administrators";
            case MODERATOR -> "role:moderators";
            case MEMBER -> "role:members";
            case GUEST -> "role:everyone";
        };
    }
}
