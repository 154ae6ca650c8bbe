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
 * @param problem why the call cannot be read (a call of a list whose siblings were read), or {@code null}
 */
public record PyCall(String name, List<JsonNode> positional, List<Map.Entry<String, JsonNode>> keywords, int start, int end,
              List<Repair> repairs, String problem) {

    public PyCall {
        positional = List.copyOf(positional);
        keywords = List.copyOf(keywords);
        repairs = List.copyOf(repairs);
    }

    public PyCall(String name, List<JsonNode> positional, List<Map.Entry<String, JsonNode>> keywords, int start, int end,
                  List<Repair> repairs) {
        this(name, positional, keywords, start, end, repairs, null);
    }

    /** A call of a list that cannot be read ({@code problem} says why); its siblings are read all the same. */
    public static PyCall failed(String name, int start, int end, String problem) {
        return new PyCall(name, List.of(), List.of(), start, end, List.of(), problem);
    }
}
