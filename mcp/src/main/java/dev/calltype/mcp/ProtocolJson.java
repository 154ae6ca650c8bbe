package dev.calltype.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import java.io.IOException;

/**
 * The SDK's Jackson mapper, with read failures reworded: the SDK answers a malformed request with the message of
 * the exception, and Jackson's names Java classes ({@code java.util.LinkedHashMap}, the SDK's records). Here a
 * failure says only where in the message the value did not fit.
 */
final class ProtocolJson implements McpJsonMapper {

    private final JacksonMcpJsonMapper jackson;

    ProtocolJson(JacksonMcpJsonMapper jackson) {
        this.jackson = jackson;
    }

    @Override
    public <T> T readValue(String content, Class<T> type) throws IOException {
        try {
            return jackson.readValue(content, type);
        } catch (IOException | RuntimeException e) {
            throw new IOException(describe(e));
        }
    }

    @Override
    public <T> T readValue(byte[] content, Class<T> type) throws IOException {
        try {
            return jackson.readValue(content, type);
        } catch (IOException | RuntimeException e) {
            throw new IOException(describe(e));
        }
    }

    @Override
    public <T> T readValue(String content, TypeRef<T> type) throws IOException {
        try {
            return jackson.readValue(content, type);
        } catch (IOException | RuntimeException e) {
            throw new IOException(describe(e));
        }
    }

    @Override
    public <T> T readValue(byte[] content, TypeRef<T> type) throws IOException {
        try {
            return jackson.readValue(content, type);
        } catch (IOException | RuntimeException e) {
            throw new IOException(describe(e));
        }
    }

    @Override
    public <T> T convertValue(Object value, Class<T> type) {
        try {
            return jackson.convertValue(value, type);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(describe(e));
        }
    }

    @Override
    public <T> T convertValue(Object value, TypeRef<T> type) {
        try {
            return jackson.convertValue(value, type);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(describe(e));
        }
    }

    @Override
    public String writeValueAsString(Object value) throws IOException {
        return jackson.writeValueAsString(value);
    }

    @Override
    public byte[] writeValueAsBytes(Object value) throws IOException {
        return jackson.writeValueAsBytes(value);
    }

    /** What went wrong, by JSON path and kind, without the Java types Jackson names. */
    static String describe(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
                StringBuilder path = new StringBuilder();
                for (JsonMappingException.Reference ref : mapping.getPath()) {
                    if (ref.getFieldName() != null) {
                        path.append(path.length() == 0 ? "" : ".").append(ref.getFieldName());
                    } else if (ref.getIndex() >= 0) {
                        path.append('[').append(ref.getIndex()).append(']');
                    }
                }
                return "invalid params: the value of \"" + path + "\" does not have the type the method takes";
            }
            if (t instanceof JsonProcessingException processing && !(t instanceof JsonMappingException)) {
                return processing.getLocation() == null ? "invalid JSON"
                        : "invalid JSON at line " + processing.getLocation().getLineNr() + ", column "
                                + processing.getLocation().getColumnNr();
            }
        }
        return "invalid message: it does not have the shape the method takes";
    }
}
