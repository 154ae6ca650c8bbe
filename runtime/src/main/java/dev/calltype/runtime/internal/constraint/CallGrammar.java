package dev.calltype.runtime.internal.constraint;

import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.internal.constraint.GrammarWriter.Dialect;
import dev.calltype.runtime.internal.constraint.GrammarWriter.Member;
import dev.calltype.runtime.internal.constraint.Piece.Tag;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Writes a {@link Shape} as GBNF: lazy (free text around calls) or required (nothing but calls). */
final class CallGrammar {

    private final GrammarWriter w;

    private CallGrammar(GrammarWriter w) {
        this.w = w;
    }

    /**
     * The grammar of {@code shape}. Lazy: any text holding no trigger, then any number of calls each followed by such
     * text (what llama-server's lazy grammar sees from its trigger on is a call, then the same). Required: one or more
     * calls with whitespace around and between them, and nothing else.
     */
    static String of(Shape shape, boolean required) {
        Gbnf g = new Gbnf();
        CallGrammar c = new CallGrammar(new GrammarWriter(g));
        List<String> tags = new ArrayList<>();
        for (Tag t : shape.tags()) {
            tags.add(c.tag(t));
        }
        String call = g.define("call", String.join(" | ", tags));
        String ws = c.w.ws();
        if (shape.ownLines()) {
            // each call on a line of its own, as the extractor reads pythonic calls: blanks around it, a line break
            // (or the text's start or end) before and after
            String blank = g.define("blank", "[ \\t]*");
            String line = g.define("call-line", blank + " " + call + " " + blank);
            String nl = g.define("nl", "\"\\r\"? \"\\n\"");
            if (required) {
                return g.text(ws + " " + line + " (" + nl + " " + ws + " " + line + ")* (" + nl + " " + ws + ")?");
            }
            String text = c.w.textWithout(shape.triggers(), "text");
            return g.text(text + " | (" + text + " " + nl + ")? " + line + " (" + nl + " (" + text + " " + nl + ")? "
                    + line + ")* (" + nl + " " + text + ")?");
        }
        if (required) {
            return g.text(ws + " " + call + " (" + ws + " " + call + ")* " + ws);
        }
        String text = c.w.textWithout(shape.triggers(), "text");
        return g.text(text + " (" + call + " " + text + ")*");
    }

    /** A grammar whose root is {@code piece} alone (structural tags hold non-JSON content this way). */
    static String ofPiece(Piece piece) {
        Gbnf g = new Gbnf();
        String root = new CallGrammar(new GrammarWriter(g)).expr(piece, "part");
        return g.text(root.isEmpty() ? "\"\"" : root);
    }

    private String tag(Tag t) {
        String content = expr(t.content(), "call");
        StringBuilder b = new StringBuilder();
        if (!t.begin().isEmpty()) {
            b.append(Gbnf.literal(t.begin())).append(' ');
        }
        b.append(content);
        if (!t.end().isEmpty()) {
            if (b.length() > 0 && b.charAt(b.length() - 1) != ' ') {
                b.append(' ');
            }
            b.append(Gbnf.literal(t.end()));
        }
        return w.grammar().define(hint(t.begin()), b.toString());
    }

    private static String hint(String begin) {
        return "call-" + begin;
    }

    private String expr(Piece p, String hint) {
        Gbnf g = w.grammar();
        if (p instanceof Piece.Text t) {
            return Gbnf.literal(t.text());
        } else if (p instanceof Piece.Space) {
            return w.ws();
        } else if (p instanceof Piece.Digits) {
            return w.digits();
        } else if (p instanceof Piece.Seq s) {
            List<String> parts = new ArrayList<>();
            for (Piece part : s.parts()) {
                String e = expr(part, hint);
                if (!e.isEmpty()) {
                    parts.add(e);
                }
            }
            return parts.isEmpty() ? "" : parts.size() == 1 ? parts.get(0) : "(" + String.join(" ", parts) + ")";
        } else if (p instanceof Piece.OneOf o) {
            Set<String> alts = new LinkedHashSet<>();
            for (Piece option : o.options()) {
                String e = expr(option, hint);
                alts.add(e.isEmpty() ? "\"\"" : e);
            }
            return g.define(hint + "-choice", String.join(" | ", alts));
        } else if (p instanceof Piece.Arguments a) {
            return arguments(a.tool(), Dialect.JSON);
        } else if (p instanceof Piece.CallObject c) {
            return callObject(c.tool(), c.argumentsKey());
        } else if (p instanceof Piece.CallArray a) {
            List<String> calls = new ArrayList<>();
            for (ToolSpec t : a.tools()) {
                calls.add(callObject(t, a.argumentsKey()));
            }
            String one = g.define("call-object", String.join(" | ", calls));
            String ws = w.ws();
            return g.define("call-array", "\"[\" " + ws + " " + one + " (" + ws + " \",\" " + ws + " " + one + ")* "
                    + ws + " \"]\"");
        } else if (p instanceof Piece.PythonArguments a) {
            return pythonArguments(a.tool());
        } else if (p instanceof Piece.TaggedParameters t) {
            return tagged(t);
        } else if (p instanceof Piece.Calls c) {
            List<String> tags = new ArrayList<>();
            for (Tag t : c.tags()) {
                tags.add(tag(t));
            }
            String one = g.define("inner-call", String.join(" | ", tags));
            String ws = w.ws();
            return "(" + ws + " " + one + " (" + ws + " " + one + ")* " + ws + ")";
        }
        throw new IllegalStateException("unknown piece " + p);
    }

    private String arguments(ToolSpec tool, Dialect d) {
        return w.value(tool.parameters(), tool.parameters(), d, tool.name());
    }

    private String callObject(ToolSpec tool, String argumentsKey) {
        String ws = w.ws();
        return w.grammar().define(tool.name() + "-call", "\"{\" " + ws + " \"\\\"name\\\"\" " + ws + " \":\" " + ws + " "
                + Gbnf.literal(com.fasterxml.jackson.databind.node.TextNode.valueOf(tool.name()).toString()) + " " + ws
                + " \",\" " + ws + " " + Gbnf.literal("\"" + argumentsKey + "\"") + " " + ws + " \":\" " + ws + " "
                + arguments(tool, Dialect.JSON) + " " + ws + " \"}\"");
    }

    private String pythonArguments(ToolSpec tool) {
        String ws = w.ws();
        List<Member> members = new ArrayList<>();
        JsonNode root = tool.parameters();
        Set<String> required = required(root);
        for (Map.Entry<String, JsonNode> e : properties(root)) {
            String v = w.value(e.getValue(), root, Dialect.PYTHON, tool.name() + "-" + e.getKey());
            members.add(new Member(Gbnf.literal(e.getKey()) + " " + ws + " \"=\" " + ws + " " + v,
                    required.contains(e.getKey())));
        }
        String inner = w.members(members, ws + " \",\" " + ws, tool.name() + "-py");
        return inner.isEmpty() ? "" : w.grammar().define(tool.name() + "-kwargs", inner);
    }

    private String tagged(Piece.TaggedParameters t) {
        String ws = w.ws();
        JsonNode root = t.tool().parameters();
        Set<String> required = required(root);
        List<Member> members = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : properties(root)) {
            JsonNode schema = e.getValue();
            String v = rawString(schema, root) ? rawValue(schema, root, t.close())
                    : "(" + ws + " " + w.value(schema, root, Dialect.JSON, t.tool().name() + "-" + e.getKey()) + " "
                    + ws + ")";
            // whitespace may stand between the name's tag and the value's, never inside the value's own tags: a raw
            // value is framed by rawValue alone, a JSON value has its whitespace around it
            members.add(new Member(Gbnf.literal(t.open() + e.getKey() + t.nameClose()) + " "
                    + (t.valueOpen().isEmpty() ? "" : ws + " " + Gbnf.literal(t.valueOpen()) + " ") + v + " "
                    + Gbnf.literal(t.close()), required.contains(e.getKey())));
        }
        String inner = w.members(members, ws, t.tool().name() + "-params");
        return inner.isEmpty() ? "" : w.grammar().define(t.tool().name() + "-params", inner);
    }

    /**
     * A string parameter's raw value. The extractor takes what stands between the tags, less one line break after the
     * opening tag and one before the closing tag when the value starts on a line of its own ({@code Chars.rawValue}:
     * the templates write values so), and the dispatcher takes that text as it is. So a value the schema holds (an
     * enum's values, a format, lengths) is written exactly, either right between the tags or on a line of its own,
     * and nothing else: no other padding, which the dispatcher would keep as part of the value. Any other string is
     * any text up to {@code close}.
     */
    private String rawValue(JsonNode schema, JsonNode root, String close) {
        JsonNode s = resolved(schema, root);
        JsonNode en = s.get("enum");
        String v;
        if (en != null && en.isArray() && !en.isEmpty()) {
            Set<String> alts = new LinkedHashSet<>();
            en.forEach(e -> alts.add(Gbnf.literal(e.textValue())));
            v = w.grammar().define("raw-enum", String.join(" | ", alts));
        } else {
            v = w.content(s, w.grammar().define("raw-char", RAW_CHAR), VISIBLE_RAW, RAW_ASCII);
            if (v == null) {
                return w.textWithout(List.of(close), "raw");
            }
        }
        return w.grammar().define("raw-value", v + " | \"\\n\" " + v + " \"\\n\"");
    }

    /**
     * A character of a raw value the schema holds: no markup ({@code <}), no quote (GLM unquotes a value written as a
     * JSON string), no control character, in the BMP.
     */
    private static final String RAW_ASCII = " !#-;=-~";
    private static final String RAW_CHAR = GrammarWriter.bmpClass(RAW_ASCII);
    /**
     * A visible ASCII character other than {@code <} and {@code "} (GLM reads a raw value written as a JSON string,
     * quotes and all, as that string).
     */
    private static final String VISIBLE_RAW = "[!#-;=-~]";

    static JsonNode resolved(JsonNode schema, JsonNode root) {
        JsonNode s = schema;
        for (int i = 0; i < 8 && s != null && s.has("$ref") && s.get("$ref").isTextual()
                && s.get("$ref").textValue().startsWith("#"); i++) {
            s = root.at(s.get("$ref").textValue().substring(1));
        }
        return s;
    }

    /** Whether a parameter's value is written as raw text: its schema says string and nothing else. */
    static boolean rawString(JsonNode schema, JsonNode root) {
        JsonNode s = resolved(schema, root);
        if (s == null || !s.isObject()) {
            return false;
        }
        JsonNode type = s.get("type");
        if (type != null && type.isTextual()) {
            return type.textValue().equals("string") && !s.has("anyOf") && !s.has("oneOf");
        }
        JsonNode en = s.get("enum");
        if (en != null && en.isArray() && !en.isEmpty()) {
            for (JsonNode v : en) {
                if (!v.isTextual()) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    static Set<String> required(JsonNode schema) {
        Set<String> out = new LinkedHashSet<>();
        JsonNode req = schema.get("required");
        if (req != null && req.isArray()) {
            req.forEach(r -> out.add(r.asText()));
        }
        return out;
    }

    static List<Map.Entry<String, JsonNode>> properties(JsonNode schema) {
        List<Map.Entry<String, JsonNode>> out = new ArrayList<>();
        JsonNode props = schema.get("properties");
        if (props != null && props.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> it = props.fields();
            it.forEachRemaining(out::add);
        }
        return out;
    }
}
