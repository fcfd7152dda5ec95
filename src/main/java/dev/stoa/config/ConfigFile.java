package dev.stoa.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The configuration file (--config stoa.toml, or STOA_CONFIG): TOML whose keys are the flag names
 * without the dashes in front (port = 9991, database-url = "jdbc:postgresql://...", welcome = false).
 * Precedence, highest first: flags, environment (STOA_*), this file, defaults. An unknown key, a table
 * or a list is a ConfigError with one line naming the file and the key.
 */
final class ConfigFile {
    private ConfigFile() {}

    /** The file named by --config / --config=... in args, else by STOA_CONFIG; null when neither. */
    static Path named(String[] args, Map<String, String> env) {
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--config")) {
                if (i + 1 >= args.length) throw new Config.ConfigError("--config needs a value");
                return Path.of(args[i + 1]);
            }
            if (args[i].startsWith("--config=")) return Path.of(args[i].substring("--config=".length()));
        }
        String e = env.get("STOA_CONFIG");
        return e == null || e.isEmpty() ? null : Path.of(e);
    }

    /** The file's settings by flag name, as strings (the flags' parsers check them). */
    static Map<String, String> read(Path file, List<String> names) {
        JsonNode root;
        try {
            root = new TomlMapper().readTree(Files.readString(file));
        } catch (NoSuchFileException e) {
            throw new Config.ConfigError("--config: no such file " + file);
        } catch (IOException e) {
            throw new Config.ConfigError(file + ": not valid TOML: " + firstLine(e.getMessage()));
        }
        Map<String, String> out = new HashMap<>();
        for (var entry : root.properties()) {
            String key = entry.getKey();
            JsonNode value = entry.getValue();
            if (!names.contains(key)) throw new Config.ConfigError(file + ": unknown key '" + key + "' (keys are the flag names, e.g. port)");
            if (!value.isValueNode()) throw new Config.ConfigError(file + ": '" + key + "' must be a string, number or boolean");
            out.put(key, value.asText());
        }
        return out;
    }

    private static String firstLine(String s) {
        if (s == null) return "";
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
