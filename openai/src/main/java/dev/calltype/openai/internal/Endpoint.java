package dev.calltype.openai.internal;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;

/**
 * Where requests go, from a base URL: {@code /chat/completions} appended to the path (before any query), user
 * credentials in the URL taken out of it (they become Basic authorization, sent only to this origin) and never
 * shown: {@link #display()} is the URL without credentials and without query, for messages.
 *
 * @param uri the request URL, without user information
 * @param basicAuthorization the {@code Authorization} value from {@code user:password@} in the base URL, or null
 * @param display scheme, host, port and path: safe to print
 */
public record Endpoint(URI uri, String basicAuthorization, String display) {

    /** @throws IllegalArgumentException for anything but an absolute http or https URL with a host */
    public static Endpoint of(URI base) {
        String scheme = base.getScheme() == null ? "" : base.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("http") || scheme.equals("https")) || base.getHost() == null) {
            throw new IllegalArgumentException("the base URL must be an absolute http:// or https:// URL with a host,"
                    + " such as http://localhost:11434/v1");
        }
        String path = base.getRawPath() == null ? "" : base.getRawPath();
        while (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        if (!path.endsWith("/chat/completions")) {
            path = path + "/chat/completions";
        }
        String authority = base.getHost() + (base.getPort() >= 0 ? ":" + base.getPort() : "");
        String query = base.getRawQuery();
        URI uri;
        try {
            uri = new URI(scheme + "://" + authority + path + (query == null ? "" : "?" + query));
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("the base URL cannot be used: " + Snippet.of(e.getReason()));
        }
        String basic = null;
        String userInfo = base.getRawUserInfo();
        if (userInfo != null && !userInfo.isEmpty()) {
            String decoded = URLDecoder.decode(userInfo.replace("+", "%2B"), StandardCharsets.UTF_8);
            basic = "Basic " + Base64.getEncoder().encodeToString(decoded.getBytes(StandardCharsets.UTF_8));
        }
        return new Endpoint(uri, basic, scheme + "://" + authority + path);
    }

    /** The origin (scheme, host, port with defaults filled in) of a URL, lower case. */
    public static String origin(URI u) {
        String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
        int port = u.getPort() >= 0 ? u.getPort() : scheme.equals("https") ? 443 : scheme.equals("http") ? 80 : -1;
        String host = u.getHost() == null ? "" : u.getHost().toLowerCase(Locale.ROOT);
        return scheme + "://" + host + ":" + port;
    }

    /** A URL as a message may show it: origin and path, never credentials or query. */
    public static String displayOf(URI u) {
        if (u.getHost() == null) {
            return "(a URL without a host)";
        }
        return (u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT)) + "://" + u.getHost()
                + (u.getPort() >= 0 ? ":" + u.getPort() : "") + (u.getRawPath() == null ? "" : Snippet.of(u.getRawPath()));
    }

    @Override
    public String toString() {
        return display;
    }
}
