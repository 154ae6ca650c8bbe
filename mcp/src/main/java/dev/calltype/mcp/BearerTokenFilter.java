package dev.calltype.mcp;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/** Lets through only requests that carry {@code Authorization: Bearer <token>}; answers others with 401. */
final class BearerTokenFilter extends HttpFilter {

    private static final String PREFIX = "Bearer ";

    private final byte[] expected;

    BearerTokenFilter(String token) {
        this.expected = token.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String header = request.getHeader("Authorization");
        boolean ok = header != null && header.regionMatches(true, 0, PREFIX, 0, PREFIX.length())
                && MessageDigest.isEqual(expected,
                        header.substring(PREFIX.length()).strip().getBytes(StandardCharsets.UTF_8));
        if (!ok) {
            response.setHeader("WWW-Authenticate", "Bearer");
            response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
            response.setContentType("text/plain;charset=utf-8");
            response.getWriter().write("a bearer token is required\n");
            return;
        }
        chain.doFilter(request, response);
    }
}
