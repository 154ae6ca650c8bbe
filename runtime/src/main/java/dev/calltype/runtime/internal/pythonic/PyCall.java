package dev.calltype.runtime.internal.pythonic;

import dev.calltype.runtime.Repair;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;

/**
 * One pythonic call as written, before its positional arguments are mapped to parameter names.
 *
 * @param name the called name: the last segment of a dotted name ({@code client.search(...)} is {@code search})
 * @param positional the positional arguments, in order
 * @param keywords the keyword arguments, in the order written (names unique)
 * @param start index of the call's first character (the first segment of the name)
 * @param end index just past its closing {@code )}
 * @param repairs repairs applied while reading it, each once, in first-applied order
 */
public record PyCall(String name, List<JsonNode> positional, List<Map.Entry<String, JsonNode>> keywords, int start, int end,
              List<Repair> repairs) {

    public PyCall {
        positional = List.copyOf(positional);
        keywords = List.copyOf(keywords);
        repairs = List.copyOf(repairs);
    }
}
