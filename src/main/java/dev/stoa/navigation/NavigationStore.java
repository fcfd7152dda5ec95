package dev.stoa.navigation;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;

/** SQL for navigation views; NavigationJson renders them as the API's NavigationView. */
public final class NavigationStore {
    /** A user's view of a fragment; name is null on built-in views. */
    public record View(String fragment, boolean pinned, String name) {}

    private static View map(ResultSet rs) throws SQLException {
        return new View(rs.getString(1), rs.getBoolean(2), rs.getString(3));
    }

    public List<View> all(Handle h, long userId) {
        return h.createQuery("SELECT fragment, is_pinned, name FROM navigation_views WHERE user_id = ? ORDER BY fragment")
                .bind(0, userId).map((rs, ctx) -> map(rs)).list();
    }

    public Optional<View> get(Handle h, long userId, String fragment) {
        return h.createQuery("SELECT fragment, is_pinned, name FROM navigation_views WHERE user_id = ? AND fragment = ?")
                .bind(0, userId).bind(1, fragment).map((rs, ctx) -> map(rs)).findOne();
    }

    public boolean nameTaken(Handle h, long userId, String name) {
        return h.createQuery("SELECT 1 FROM navigation_views WHERE user_id = ? AND name = ?")
                .bind(0, userId).bind(1, name).mapTo(Integer.class).findOne().isPresent();
    }

    /** False when the fragment already exists for the user. */
    public boolean insert(Handle h, long userId, String fragment, boolean pinned, String name) {
        return h.createUpdate("INSERT INTO navigation_views (user_id, fragment, is_pinned, name) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING")
                .bind(0, userId).bind(1, fragment).bind(2, pinned).bind(3, name).execute() == 1;
    }

    public void update(Handle h, long userId, String fragment, boolean pinned, String name) {
        h.execute("UPDATE navigation_views SET is_pinned = ?, name = ? WHERE user_id = ? AND fragment = ?", pinned, name, userId, fragment);
    }

    public void delete(Handle h, long userId, String fragment) {
        h.execute("DELETE FROM navigation_views WHERE user_id = ? AND fragment = ?", userId, fragment);
    }
}
