package dev.calltype.runtime.internal.constraint;

import dev.calltype.runtime.ToolSpec;
import java.util.List;

/**
 * A part of a wire format's call markup, as both engines' languages can say it: structural tags
 * ({@link StructuralTags}) and GBNF ({@link CallGrammar}).
 */
sealed interface Piece {

    /** Exactly this text. */
    record Text(String text) implements Piece {
    }

    /** Optional whitespace (spaces, tabs, newlines). */
    record Space() implements Piece {
    }

    /** One or more decimal digits (a call index). */
    record Digits() implements Piece {
    }

    /** The parts one after another. */
    record Seq(List<Piece> parts) implements Piece {
        public Seq {
            parts = List.copyOf(parts);
        }
    }

    /** Any one of the options. */
    record OneOf(List<Piece> options) implements Piece {
        public OneOf {
            options = List.copyOf(options);
        }
    }

    /** A tool's arguments object, as JSON, held to its parameters schema. */
    record Arguments(ToolSpec tool) implements Piece {
    }

    /** A whole call as one JSON object: {@code {"name": "<tool>", "<argumentsKey>": {…}}}, name first. */
    record CallObject(ToolSpec tool, String argumentsKey) implements Piece {
    }

    /** A JSON array of one or more {@link CallObject}s of any of the tools. */
    record CallArray(List<ToolSpec> tools, String argumentsKey) implements Piece {
        public CallArray {
            tools = List.copyOf(tools);
        }
    }

    /** Python keyword arguments of a tool, without the parentheses: {@code city="Paris", days=3}. */
    record PythonArguments(ToolSpec tool) implements Piece {
    }

    /**
     * A tool's arguments as tagged parameters in declared order, separated by optional whitespace: {@code open}, the
     * parameter name, {@code nameClose}, optional whitespace, {@code valueOpen}, the value (a string-typed value as raw
     * text up to {@code close}, any other as JSON), {@code close} (Qwen3-Coder {@code <parameter=K>V</parameter>}, GLM
     * {@code <arg_key>K</arg_key><arg_value>V</arg_value>}).
     */
    record TaggedParameters(ToolSpec tool, String open, String nameClose, String valueOpen, String close)
            implements Piece {
    }

    /** One or more calls, each one of {@code tags} (every begin starts with {@code trigger}), whitespace between. */
    record Calls(String trigger, List<Tag> tags) implements Piece {
        public Calls {
            tags = List.copyOf(tags);
        }
    }

    /** Markup that opens with {@code begin}, holds {@code content} and closes with {@code end} (may be empty). */
    record Tag(String begin, Piece content, String end) {
    }

    static Piece seq(Piece... parts) {
        return new Seq(List.of(parts));
    }

    static Piece text(String s) {
        return new Text(s);
    }
}
