package dev.calltype.runtime.internal.constraint;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.calltype.runtime.internal.constraint.Piece.Tag;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a {@link Shape} as an xgrammar structural tag ({@code {"type": "structural_tag", "format": …}}): a
 * {@code triggered_tags} format whose triggers are the format's openings. Markup is {@code const_string} and
 * {@code regex} formats; arguments and call objects (JSON, pythonic, tagged parameters) are a {@code grammar} format
 * holding the GBNF {@link CallGrammar} writes for them, the same rules as the llama.cpp grammar's.
 */
final class StructuralTags {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private StructuralTags() {
    }

    /** The structural tag; with {@code required} the output must start with a call ({@code at_least_one}). */
    static ObjectNode of(Shape shape, boolean required) {
        ObjectNode root = NODES.objectNode().put("type", "structural_tag");
        root.set("format", triggered(shape.triggers(), shape.tags(), required));
        return root;
    }

    private static ObjectNode triggered(List<String> triggers, List<Tag> tags, boolean atLeastOne) {
        ObjectNode f = NODES.objectNode().put("type", "triggered_tags");
        ArrayNode t = f.putArray("triggers");
        triggers.forEach(t::add);
        ArrayNode list = f.putArray("tags");
        for (Tag tag : tags) {
            list.add(tag(tag));
        }
        f.put("at_least_one", atLeastOne);
        f.put("stop_after_first", false);
        return f;
    }

    private static ObjectNode tag(Tag tag) {
        ObjectNode o = NODES.objectNode().put("type", "tag").put("begin", tag.begin());
        o.set("content", format(tag.content()));
        o.put("end", tag.end());
        return o;
    }

    private static ObjectNode format(Piece p) {
        if (p instanceof Piece.Text t) {
            return NODES.objectNode().put("type", "const_string").put("value", t.text());
        } else if (p instanceof Piece.Space) {
            return NODES.objectNode().put("type", "regex").put("pattern", "[ \\t\\n\\r]*");
        } else if (p instanceof Piece.Digits) {
            return NODES.objectNode().put("type", "regex").put("pattern", "[0-9]+");
        } else if (p instanceof Piece.Seq s) {
            List<ObjectNode> parts = new ArrayList<>();
            for (Piece part : s.parts()) {
                parts.add(format(part));
            }
            if (parts.size() == 1) {
                return parts.get(0);
            }
            ObjectNode o = NODES.objectNode().put("type", "sequence");
            o.putArray("elements").addAll(parts);
            return o;
        } else if (p instanceof Piece.OneOf one) {
            ObjectNode o = NODES.objectNode().put("type", "or");
            ArrayNode elements = o.putArray("elements");
            one.options().forEach(option -> elements.add(format(option)));
            return o;
        } else if (p instanceof Piece.Calls c) {
            // whitespace may come before the first call; a nested triggered_tags with at_least_one starts with one
            ObjectNode o = NODES.objectNode().put("type", "sequence");
            o.putArray("elements").add(format(new Piece.Space())).add(triggered(List.of(c.trigger()), c.tags(), true));
            return o;
        }
        // arguments and call objects (JSON, pythonic, tagged parameters): the GBNF the llama.cpp grammar holds, so
        // that every engine admits the same values, held as the dispatcher holds them (ranges, formats, lengths),
        // rather than what xgrammar's own JSON Schema converter makes of the schema
        return NODES.objectNode().put("type", "grammar").put("grammar", CallGrammar.ofPiece(p));
    }
}
