package dev.stoa;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaConstructorCall;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaParameterizedType;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import dev.stoa.db.Db;
import dev.stoa.events.CachedTable;
import dev.stoa.events.EventLog;
import dev.stoa.events.LogFollower;
import dev.stoa.http.Router;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.concurrent.locks.StampedLock;
import java.util.regex.Pattern;
import org.jdbi.v3.core.Handle;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/** The layering DEVELOPING.md describes, checked on the compiled classes (no server, no database). */
class ArchitectureTest {
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("dev.stoa");

    @Test
    void noCyclesBetweenFeaturePackages() {
        slices().matching("dev.stoa.(**)").should().beFreeOfCycles().check(CLASSES);
    }

    /** app composes the features and cli drives app: no arrow runs back up to either. */
    @Test
    void featuresNeverDependOnTheCompositionRootOrTheCommandLine() {
        noClasses().that().resideOutsideOfPackages("dev.stoa.app..", "dev.stoa.cli..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.stoa.app..", "dev.stoa.cli..").check(CLASSES);
        noClasses().that().resideInAPackage("dev.stoa.app..").should().dependOnClassesThat().resideInAPackage("dev.stoa.cli..").check(CLASSES);
    }

    /**
     * config sits below the features that read it: it knows no feature, only the two libraries
     * whose defaults and constructors it names (storage's file stores, markdown's KaTeX directory).
     */
    @Test
    void configDependsOnNoFeature() {
        noClasses().that().resideInAPackage("dev.stoa.config..").should().dependOnClassesThat(
                resideInAPackage("dev.stoa..").and(not(resideInAnyPackage("dev.stoa.config..", "dev.stoa.storage..", "dev.stoa.markdown.."))))
                .check(CLASSES);
    }

    /** A feature's module (app's XxxModule) builds its views and the route table maps them; no other class names a view. */
    @Test
    void onlyModulesAndTheRouteTableNameAView() {
        noClasses().that().doNotHaveSimpleName("Routes").and(not(appModule())).should(referenceAnotherView()).check(CLASSES);
    }

    /** The route table is only a table: it constructs no view, action or anything else but its two routers. */
    @Test
    void theRouteTableConstructsNothing() {
        DescribedPredicate<JavaConstructorCall> other = DescribedPredicate.describe("a constructor other than Router's",
                call -> !call.getTargetOwner().isEquivalentTo(Router.class) && !call.getTargetOwner().isEquivalentTo(Object.class));
        noClasses().that().haveSimpleName("Routes").should().callConstructorWhere(other).check(CLASSES);
    }

    private static DescribedPredicate<JavaClass> appModule() {
        return DescribedPredicate.describe("a module of app", c -> c.getPackageName().equals("dev.stoa.app") && topLevel(c).getSimpleName().endsWith("Module"));
    }

    /** A view reads through its feature's query class (XxxQueries) and writes through its actions: it holds no Db. */
    @Test
    void viewsHoldNoDatabase() {
        Set<String> holding = new TreeSet<>();
        for (JavaClass c : CLASSES) {
            if (!topLevel(c).getSimpleName().endsWith("Views")) continue;
            if (c.getAllFields().stream().anyMatch(f -> f.getRawType().isEquivalentTo(Db.class))) holding.add(topLevel(c).getSimpleName());
        }
        assertThat(holding).as("views holding a Db").isEmpty();
    }

    /**
     * Stores return rows and records; the API's JSON is built by the feature's view, state, queries
     * or XxxJson class. No method of a store (nor of its nested records) returns a Jackson type or a
     * Map<String, Object> dict. A settings document (a user's, channel's, group's or the realm's) is
     * carried by its domain record (identity.User, channels.Channel, groups.Group, realm.Realm).
     */
    @Test
    void storesReturnNoJson() {
        Set<String> returning = new TreeSet<>();
        for (JavaClass c : CLASSES) {
            if (!topLevel(c).getSimpleName().endsWith("Store") || c.getPackageName().startsWith("dev.stoa.db")) continue;
            for (var m : c.getMethods()) {
                if (m.getModifiers().contains(JavaModifier.PRIVATE)) continue;
                if (returnsJson(m.getReturnType())) returning.add(c.getSimpleName() + "." + m.getName());
            }
        }
        assertThat(returning).as("store methods returning API JSON").isEmpty();
    }

    /**
     * A class's dependency on another feature (or on the server's lifecycle) is a named interface
     * (MessageActions.ChannelAudience, users.ApiEmail, GroupActions.RealmSettings...), never a bare
     * java.util.function type or Runnable in its constructor. Allowed: the command line's demo script
     * (cli) and integrations.WebhookRequest, whose header and parameter lookups are the request's own data.
     */
    @Test
    void constructorsTakeNamedDependencies() {
        Set<String> found = new TreeSet<>();
        for (JavaClass c : CLASSES) {
            if (c.getPackageName().startsWith("dev.stoa.cli") || c.isAnonymousClass() || c.isLocalClass()
                    || topLevel(c).getSimpleName().equals("WebhookRequest")) continue;
            for (var k : c.getConstructors()) {
                for (JavaClass p : k.getRawParameterTypes()) {
                    if (p.getPackageName().equals("java.util.function") || p.isEquivalentTo(Runnable.class)) found.add(c.getSimpleName() + "(" + p.getSimpleName() + ")");
                }
            }
        }
        assertThat(found).as("constructors taking an unnamed function").isEmpty();
    }

    /** A Jackson type anywhere in the type (List<ObjectNode>, Map<Long, ArrayNode>...), or Map<String, Object>. */
    private static boolean returnsJson(JavaType t) {
        if (t.getAllInvolvedRawTypes().stream().anyMatch(r -> r.getPackageName().startsWith("com.fasterxml.jackson"))) return true;
        return t instanceof JavaParameterizedType p && p.toErasure().isEquivalentTo(Map.class)
                && p.getActualTypeArguments().size() == 2 && p.getActualTypeArguments().get(1).toErasure().isEquivalentTo(Object.class);
    }

    @Test
    void viewsNeverWriteNorAppendEvents() {
        DescribedPredicate<JavaMethodCall> writes = DescribedPredicate.describe("Db.write or EventLog.append",
                call -> call.getTargetOwner().isEquivalentTo(Db.class) && call.getName().equals("write")
                        || call.getTargetOwner().isEquivalentTo(EventLog.class) && call.getName().equals("append"));
        noClasses().that().haveSimpleNameEndingWith("Views").should().callMethodWhere(writes).check(CLASSES);
    }

    /** SQL only in a package's `XxxStore` (the events table's is `events.EventStore`) and in the db package. */
    @Test
    void sqlOnlyInStores() {
        Set<String> violators = new TreeSet<>();
        for (JavaClass c : CLASSES) {
            String top = topLevel(c).getName();
            if (top.endsWith("Store") || c.getPackageName().startsWith("dev.stoa.db")) continue;
            for (JavaMethodCall call : c.getMethodCallsFromSelf()) {
                if (call.getTargetOwner().isAssignableTo(Handle.class)
                        && List.of("createQuery", "createUpdate", "execute", "prepareBatch").contains(call.getName())) {
                    violators.add(top.substring("dev.stoa.".length()));
                }
            }
        }
        assertThat(violators).as("classes issuing SQL outside stores").isEmpty();
    }

    /**
     * The event log's parts lock only through LogLock, whose ranks are the one written lock order
     * (LogFollower's lock is its cache's own, taken with none of the log's held).
     */
    @Test
    void eventLogLocksOnlyThroughRankedLocks() {
        noClasses().that().resideInAPackage("dev.stoa.events").and().doNotHaveSimpleName("LogLock").and().doNotHaveSimpleName("LogFollower")
                .should().dependOnClassesThat().belongToAnyOf(ReentrantLock.class,
                        ReentrantReadWriteLock.class, StampedLock.class)
                .check(CLASSES);
    }

    /**
     * Actions talk to delivery through the typed events.Hints, not "__" keys in the event JSON (nor
     * to the HTTP front: ApiError.withHeader). Allowed: Zulip's own "__all__" (Django's form errors),
     * Hints' reader of rows stored before V91, and the internal entry type RowsChanged.
     */
    @Test
    void noUntypedHintKeys() throws IOException {
        Pattern key = Pattern.compile("\"__[a-z_]+\"");
        Set<String> found = new TreeSet<>();
        try (var files = Files.walk(Path.of("src/main/java"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                if (f.endsWith("Hints.java")) continue;
                var m = key.matcher(Files.readString(f));
                while (m.find()) {
                    if (!m.group().equals("\"__all__\"") && !m.group().equals("\"__rows_changed\"")) found.add(f.getFileName() + " " + m.group());
                }
            }
        }
        assertThat(found).as("\"__\" keys outside events.Hints").isEmpty();
    }

    /**
     * Caches follow the log one way: by extending events.LogFollower. Only the log's own package,
     * the queues (which deliver it) and LogFollowers read its entries (a snapshot's entries too:
     * LogFollower.changesIn). No exception.
     */
    @Test
    void cachesFollowTheLogOnlyThroughLogFollower() {
        Set<String> readers = new TreeSet<>();
        for (JavaClass c : CLASSES) {
            if (c.getPackageName().equals("dev.stoa.events") || c.getPackageName().equals("dev.stoa.queues")) continue;
            if (c.isAssignableTo(LogFollower.class)) continue;
            for (JavaMethodCall call : c.getMethodCallsFromSelf()) {
                if (call.getTargetOwner().isEquivalentTo(EventLog.class) && List.of("range", "prunedThrough").contains(call.getName())) {
                    readers.add(c.getName());
                }
            }
        }
        assertThat(readers).as("classes reading log entries without extending LogFollower").isEmpty();
    }

    /**
     * A cached table's rows change only with the entry that tells its caches (RowsChanged), and the
     * store appends it itself. The cached tables are events.CachedTable's (the one list); every class
     * whose SQL writes one of them must be a store, and each of its methods that writes must also call
     * EventLog.rowsChanged. A write method without it, or a write elsewhere, fails here.
     */
    @Test
    void storesOfCachedTablesAppendTheirRowsChangedEntry() throws IOException {
        Set<String> writers = classesWritingCachedTables();
        assertThat(writers).as("classes writing cached tables").contains("dev.stoa.users.UserStore", "dev.stoa.groups.GroupStore");
        Set<String> silent = new TreeSet<>();
        for (String name : writers) {
            JavaClass c = CLASSES.get(name);
            if (!c.getSimpleName().endsWith("Store")) silent.add(name + " (not a store)");
            for (var m : c.getMethods()) {
                boolean writes = m.getMethodCallsFromSelf().stream().anyMatch(call -> call.getTargetOwner().isAssignableTo(Handle.class)
                        && List.of("createUpdate", "execute", "prepareBatch").contains(call.getName()));
                boolean tells = m.getMethodCallsFromSelf().stream().anyMatch(call -> call.getTargetOwner().isEquivalentTo(EventLog.class)
                        && call.getName().equals("rowsChanged"));
                if (writes && !tells) silent.add(c.getSimpleName() + "." + m.getName());
            }
        }
        assertThat(silent).as("store methods writing a cached table without appending RowsChanged").isEmpty();
    }

    /** The classes (by source file) whose SQL inserts into, updates or deletes from a table of events.CachedTable. */
    private static Set<String> classesWritingCachedTables() throws IOException {
        Set<String> tables = new TreeSet<>();
        for (CachedTable t : CachedTable.values()) tables.addAll(t.sqlTables);
        Pattern write = Pattern.compile(
                "\\b(?:INSERT\\s+INTO|UPDATE|DELETE\\s+FROM)\\s+(" + String.join("|", tables) + ")\\b");
        Path root = Path.of("src/main/java");
        Set<String> out = new TreeSet<>();
        try (var files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                if (write.matcher(Files.readString(f)).find()) {
                    String rel = root.relativize(f).toString();
                    out.add(rel.substring(0, rel.length() - ".java".length()).replace(File.separatorChar, '.'));
                }
            }
        }
        return out;
    }

    /** DEVELOPING.md's table of caches that follow the log is the one list: every LogFollower is in it. */
    @Test
    void everyLogFollowerIsListed() throws IOException {
        String doc = Files.readString(Path.of("docs/DEVELOPING.md"));
        Set<String> missing = new TreeSet<>();
        for (JavaClass c : CLASSES) {
            if (!c.isAssignableTo(LogFollower.class) || c.isEquivalentTo(LogFollower.class)) continue;
            JavaClass top = topLevel(c);
            String name = top.getPackageName().substring(top.getPackageName().lastIndexOf('.') + 1) + "." + top.getSimpleName();
            if (!doc.contains("| `" + name + "`")) missing.add(name);
        }
        assertThat(missing).as("LogFollowers missing from DEVELOPING.md's cache table").isEmpty();
    }

    private static ArchCondition<JavaClass> referenceAnotherView() {
        return new ArchCondition<>("reference a view other than itself") {
            @Override
            public void check(JavaClass c, ConditionEvents events) {
                JavaClass self = topLevel(c);
                c.getDirectDependenciesFromSelf().forEach(d -> {
                    JavaClass target = topLevel(d.getTargetClass());
                    if (target.getSimpleName().endsWith("Views") && !target.equals(self)) {
                        events.add(SimpleConditionEvent.violated(c, d.getDescription()));
                    }
                });
            }
        };
    }

    private static JavaClass topLevel(JavaClass c) {
        JavaClass t = c;
        while (t.getEnclosingClass().isPresent()) t = t.getEnclosingClass().get();
        return t;
    }
}
