package dev.stoa.ops;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import ch.qos.logback.core.spi.ContextAwareBase;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logback's configuration, in code (no XML to parse at start): one console appender on standard
 * error, INFO, the chatty libraries at WARN. Text by default; {@link #use} switches to JSON lines
 * once the command line is parsed. Registered in META-INF/services.
 */
public final class LogSetup extends ContextAwareBase implements Configurator {
    // java-saml's SamlResponse logs ERROR for every refused Response: a hostile or stale POST is not a server error, and
    // RedirectViews logs each refusal with its reason at WARN already.
    private static final Map<String, Level> QUIET = Map.of("com.zaxxer.hikari", Level.WARN, "org.flywaydb", Level.WARN,
            "org.eclipse.jetty", Level.WARN, "com.icegreen", Level.WARN, "com.onelogin", Level.WARN,
            "com.onelogin.saml2.authn.SamlResponse", Level.OFF);

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        install(context, false);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    /** Switches every log line of this process to JSON (true) or text (false). */
    public static void use(boolean json) {
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context) install(context, json);
    }

    private static void install(LoggerContext context, boolean json) {
        ch.qos.logback.classic.Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.detachAndStopAllAppenders();
        LogLayout layout = new LogLayout(json);
        layout.setContext(context);
        layout.start();
        LayoutWrappingEncoder<ILoggingEvent> encoder = new LayoutWrappingEncoder<>();
        encoder.setContext(context);
        encoder.setLayout(layout);
        encoder.start();
        ConsoleAppender<ILoggingEvent> console = new ConsoleAppender<>();
        console.setContext(context);
        console.setName("console");
        console.setTarget("System.err");
        console.setEncoder(encoder);
        console.start();
        root.addAppender(console);
        root.setLevel(Level.INFO);
        QUIET.forEach((name, level) -> context.getLogger(name).setLevel(level));
    }
}
