// Runs SQL statements against a stopped Stoa's SQLite database, for scenarios that need what the API
// cannot make (a channel created long ago):
//   java -cp <stoa's class path> web/e2e/Sql.java <data-dir>/stoa.db "<statement>" ...
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;

public class Sql {
    public static void main(String[] args) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + args[0]); Statement s = c.createStatement()) {
            for (int i = 1; i < args.length; i++) System.out.println(s.executeUpdate(args[i]));
        }
    }
}
