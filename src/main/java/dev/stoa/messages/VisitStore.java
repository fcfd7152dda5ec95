package dev.stoa.messages;

import java.util.Map;
import org.jdbi.v3.core.Handle;

/** SQL of user_activity: when people last made a request (Zulip's UserActivity.last_visit), for soft deactivation. */
public final class VisitStore {
    /** Records visits; a visit never moves a person's last visit back (several nodes write). */
    public void recordVisits(Handle h, Map<Long, Long> visits) {
        var batch = h.prepareBatch("INSERT INTO user_activity (user_id, last_visit) SELECT id, ? FROM users WHERE id = ?"
                + " ON CONFLICT (user_id) DO UPDATE SET last_visit = excluded.last_visit WHERE excluded.last_visit > user_activity.last_visit");
        visits.forEach((u, t) -> batch.bind(0, t).bind(1, u).add());
        if (!visits.isEmpty()) batch.execute();
    }
}
