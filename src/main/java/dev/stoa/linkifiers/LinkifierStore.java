package dev.stoa.linkifiers;

import dev.stoa.db.Tx;
import dev.stoa.events.CachedTable;
import dev.stoa.events.EventLog;
import dev.stoa.http.Json;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.StatementContext;

/** SQL for linkifiers. Its writes append {@link dev.stoa.events.RowsChanged} (linkifiers): RenderData follows it. */
public final class LinkifierStore {
    private final EventLog log;

    public LinkifierStore(EventLog log) {
        this.log = log;
    }

    private static final String COLUMNS = "id, pattern, url_template, example_input, reverse_template, alternative_url_templates, sort_order";

    private static Linkifier map(ResultSet rs, StatementContext ctx) throws SQLException {
        List<String> alts = new ArrayList<>();
        Json.parse(rs.getString(6)).forEach(n -> alts.add(n.asText()));
        return new Linkifier(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5),
                List.copyOf(alts), rs.getInt(7));
    }

    /** Every linkifier in processing order. */
    public List<Linkifier> all(Handle h) {
        return h.createQuery("SELECT " + COLUMNS + " FROM linkifiers ORDER BY sort_order, id").map(LinkifierStore::map).list();
    }

    public Optional<Linkifier> byId(Handle h, long id) {
        return h.createQuery("SELECT " + COLUMNS + " FROM linkifiers WHERE id = ?").bind(0, id).map(LinkifierStore::map).findOne();
    }

    public boolean patternTaken(Handle h, String pattern, long exceptId) {
        return h.createQuery("SELECT COUNT(*) FROM linkifiers WHERE pattern = ? AND id <> ?")
                .bind(0, pattern).bind(1, exceptId).mapTo(Long.class).one() > 0;
    }

    /** Inserts at the end of the order. */
    public long insert(Tx tx, Linkifier l) {
        Handle h = tx.h();
        int order = h.createQuery("SELECT COALESCE(MAX(sort_order), -1) + 1 FROM linkifiers").mapTo(Integer.class).one();
        long id = h.createUpdate("INSERT INTO linkifiers (pattern, url_template, example_input, reverse_template, "
                        + "alternative_url_templates, sort_order) VALUES (?, ?, ?, ?, ?, ?)")
                .bind(0, l.pattern()).bind(1, l.urlTemplate()).bind(2, l.exampleInput()).bind(3, l.reverseTemplate())
                .bind(4, Json.write(Json.tree(l.alternativeUrlTemplates()))).bind(5, order)
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
        log.rowsChanged(tx, CachedTable.LINKIFIERS, List.of(id));
        return id;
    }

    public void update(Tx tx, Linkifier l) {
        tx.h().createUpdate("UPDATE linkifiers SET pattern = ?, url_template = ?, example_input = ?, reverse_template = ?, "
                        + "alternative_url_templates = ? WHERE id = ?")
                .bind(0, l.pattern()).bind(1, l.urlTemplate()).bind(2, l.exampleInput()).bind(3, l.reverseTemplate())
                .bind(4, Json.write(Json.tree(l.alternativeUrlTemplates()))).bind(5, l.id()).execute();
        log.rowsChanged(tx, CachedTable.LINKIFIERS, List.of(l.id()));
    }

    public boolean delete(Tx tx, long id) {
        boolean deleted = tx.h().createUpdate("DELETE FROM linkifiers WHERE id = ?").bind(0, id).execute() > 0;
        if (deleted) log.rowsChanged(tx, CachedTable.LINKIFIERS, List.of(id));
        return deleted;
    }

    public void setOrder(Tx tx, List<Long> orderedIds) {
        if (orderedIds.isEmpty()) return;
        var batch = tx.h().prepareBatch("UPDATE linkifiers SET sort_order = ? WHERE id = ?");
        for (int i = 0; i < orderedIds.size(); i++) batch.bind(0, i).bind(1, orderedIds.get(i)).add();
        batch.execute();
        log.rowsChanged(tx, CachedTable.LINKIFIERS, orderedIds);
    }
}
