package dev.stoa.http;

import java.util.List;

/** An answer (JSON or raw) that also sets cookies: one Set-Cookie header per entry. */
public record WithCookies(Object body, List<String> setCookies) {}
