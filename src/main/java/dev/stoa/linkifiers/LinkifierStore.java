package dev.stoa.linkifiers;

import dev.stoa.http.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;

/** SQL for linkifiers. */
public final class LinkifierStore {
    private static final String COLUMNS = "id, pattern, url_template, example_input, reverse_template, alternative_url_templates, sort_order";

    private static Linkifier map(java.sql.ResultSet rs, org.jdbi.v3.core.statement.StatementContext ctx) throws java.sql.SQLException {
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
    public long insert(Handle h, Linkifier l) {
        int order = h.createQuery("SELECT COALESCE(MAX(sort_order), -1) + 1 FROM linkifiers").mapTo(Integer.class).one();
        return h.createUpdate("INSERT INTO linkifiers (pattern, url_template, example_input, reverse_template, "
                        + "alternative_url_templates, sort_order) VALUES (?, ?, ?, ?, ?, ?)")
                .bind(0, l.pattern()).bind(1, l.urlTemplate()).bind(2, l.exampleInput()).bind(3, l.reverseTemplate())
                .bind(4, Json.write(Json.tree(l.alternativeUrlTemplates()))).bind(5, order)
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
    }

    public void update(Handle h, Linkifier l) {
        h.createUpdate("UPDATE linkifiers SET pattern = ?, url_template = ?, example_input = ?, reverse_template = ?, "
                        + "alternative_url_templates = ? WHERE id = ?")
                .bind(0, l.pattern()).bind(1, l.urlTemplate()).bind(2, l.exampleInput()).bind(3, l.reverseTemplate())
                .bind(4, Json.write(Json.tree(l.alternativeUrlTemplates()))).bind(5, l.id()).execute();
    }

    public boolean delete(Handle h, long id) {
        return h.createUpdate("DELETE FROM linkifiers WHERE id = ?").bind(0, id).execute() > 0;
    }

    public void setOrder(Handle h, List<Long> orderedIds) {
        var batch = h.prepareBatch("UPDATE linkifiers SET sort_order = ? WHERE id = ?");
        for (int i = 0; i < orderedIds.size(); i++) batch.bind(0, i).bind(1, orderedIds.get(i)).add();
        if (!orderedIds.isEmpty()) batch.execute();
    }
}
