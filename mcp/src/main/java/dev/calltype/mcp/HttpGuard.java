package dev.calltype.mcp;

import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Locale;

/**
 * Who may use the HTTP endpoint: the {@code Origin} a browser sends must be allowed (DNS rebinding), on a loopback
 * address the {@code Host} must be a loopback name, and with a bearer token every request must carry it.
 */
final class HttpGuard {

    /** The start of the refusal for a missing or wrong token (answered with 401; every other refusal is 403). */
    static final String UNAUTHORIZED = "unauthorized";

    private static final List<String> LOOPBACK_HOSTS = List.of("127.0.0.1", "localhost", "[::1]");
    private static final String BEARER = "Bearer ";

    private final List<String> origins;
    private final boolean loopback;
    private final byte[] token;

    /**
     * @param origins allowed origins, {@code scheme://host:*} for any port
     * @param loopback whether the server listens on a loopback address (then loopback origins and hosts only)
     * @param token the bearer token, or {@code null}
     */
    HttpGuard(List<String> origins, boolean loopback, String token) {
        this.origins = List.copyOf(origins);
        this.loopback = loopback;
        this.token = token == null ? null : token.getBytes(StandardCharsets.UTF_8);
    }

    /** Why {@code request} is refused, or {@code null} when it may go on. */
    String refusal(HttpServletRequest request) {
        if (loopback && !loopbackHost(request.getHeader("Host"))) {
            return "forbidden: the Host header must name a loopback address (127.0.0.1, localhost, [::1]) for a "
                    + "server listening on one";
        }
        String origin = request.getHeader("Origin");
        if (origin != null && !allowed(origin)) {
            return "forbidden: the origin is not allowed";
        }
        if (token != null && !authorized(request.getHeader("Authorization"))) {
            return UNAUTHORIZED + ": a bearer token is required (Authorization: Bearer <token>)";
        }
        return null;
    }

    private boolean authorized(String header) {
        return header != null && header.regionMatches(true, 0, BEARER, 0, BEARER.length())
                && MessageDigest.isEqual(token, header.substring(BEARER.length()).strip()
                        .getBytes(StandardCharsets.UTF_8));
    }

    private boolean allowed(String origin) {
        String o = origin.toLowerCase(Locale.ROOT);
        if (loopback) {
            for (String host : LOOPBACK_HOSTS) {
                if (matches(o, "http://" + host + ":*") || o.equals("http://" + host)) {
                    return true;
                }
            }
        }
        for (String pattern : origins) {
            if (matches(o, pattern.toLowerCase(Locale.ROOT))) {
                return true;
            }
        }
        return false;
    }

    /** {@code origin} is {@code pattern}, or {@code pattern} ends in {@code :*} and origin has a port there. */
    private static boolean matches(String origin, String pattern) {
        if (!pattern.endsWith(":*")) {
            return origin.equals(pattern);
        }
        String prefix = pattern.substring(0, pattern.length() - 1);
        if (!origin.startsWith(prefix) || origin.length() == prefix.length()) {
            return false;
        }
        for (int i = prefix.length(); i < origin.length(); i++) {
            if (!Character.isDigit(origin.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean loopbackHost(String host) {
        if (host == null) {
            return true; // HTTP/1.0 without Host: nothing a rebinding attack could have set
        }
        String h = host.toLowerCase(Locale.ROOT);
        for (String name : LOOPBACK_HOSTS) {
            if (h.equals(name) || matches(h, name + ":*")) {
                return true;
            }
        }
        return false;
    }
}
