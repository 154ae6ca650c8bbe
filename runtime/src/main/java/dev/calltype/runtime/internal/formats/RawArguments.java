package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.args.KnownTools;
import dev.calltype.runtime.internal.args.RawValues;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.scan.CallNormalizer;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Finding;
import dev.calltype.runtime.internal.scan.ErrorTexts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The arguments of one call whose values are raw text, read in one pass once the call has closed (GLM and Hunyuan
 * pairs, Solar Open, MiniMax-M3 tags): each value typed by the known tool's schema as it is added
 * ({@link Repair#VALUES_TYPED_BY_SCHEMA}); a key or value over the string limit makes the call a limit error.
 * ({@link dev.calltype.runtime.internal.markup.XmlInvokes} reads as the text streams and keeps its own.)
 */
final class RawArguments {

    private final String name;
    private final Config cfg;
    private final ToolSpec tool;
    private final ObjectNode args = JsonNodeFactory.instance.objectNode();
    private boolean typed;
    private String tooLong;

    RawArguments(String name, Config cfg) {
        this.name = name;
        this.cfg = cfg;
        KnownTools.Found found = cfg.tools.find(name);
        this.tool = found == null ? null : found.spec();
    }

    /** The arguments read so far. */
    ObjectNode args() {
        return args;
    }

    /**
     * The value {@code raw} of the parameter {@code key}: typed by the tool's schema when {@code described} (a
     * top-level parameter), else as an undescribed raw value; {@code null} when the key or the value is over the
     * string limit (the call is then {@link #call} a limit error, and reading should stop).
     */
    JsonNode value(String key, String raw, boolean described) {
        return value(key, raw, raw, described);
    }

    /** {@link #value(String, String, boolean)} for the text {@code value} read from {@code raw} (the limit's). */
    private JsonNode value(String key, String raw, String value, boolean described) {
        tooLong = RawValues.tooLong(key.length() > raw.length() ? key : raw, cfg.limits);
        if (tooLong != null) {
            return null;
        }
        RawValues.Typed t = RawValues.typed(described ? tool : null, key, value, cfg.limits);
        typed |= t.changed();
        return t.value();
    }

    /** Sets the top-level parameter {@code key} to {@code raw}, typed; {@code false} when over the limit. */
    boolean put(String key, String raw) {
        return put(key, raw, raw);
    }

    /**
     * Sets the top-level parameter {@code key} to {@code value}, typed, where {@code value} was read from the
     * written {@code raw} (GLM's JSON-encoded strings) and the limit applies to {@code raw}; {@code false} when over
     * it.
     */
    boolean put(String key, String raw, String value) {
        JsonNode v = value(key, raw, value, true);
        if (v != null) {
            args.set(key, v);
        }
        return v != null;
    }

    /**
     * {@link #put(String, String, String)}, where the markup declares the value's type ({@code declaredType},
     * {@code null} for none: K2 Horizon's {@code <ifm|arg_type>integer</ifm|arg_type>}): the schema decides where it
     * describes the parameter; otherwise a type other than a string's reads the value as JSON (kept as text when it
     * is not JSON), and a string's keeps the text.
     */
    boolean put(String key, String raw, String value, String declaredType) {
        if (declaredType == null || RawValues.describes(tool, key) || STRING_TYPES.contains(declaredType)) {
            return put(key, raw, value);
        }
        tooLong = RawValues.tooLong(key.length() > raw.length() ? key : raw, cfg.limits);
        if (tooLong != null) {
            return false;
        }
        JsonNode v = RawValues.json(value.strip(), cfg.limits);
        args.set(key, v != null ? v : com.fasterxml.jackson.databind.node.TextNode.valueOf(value));
        return true;
    }

    /**
     * {@code call} with each top-level string argument typed by the known tool's schema where the schema types its
     * parameter otherwise ({@link Repair#VALUES_TYPED_BY_SCHEMA}): for formats whose strings are raw text between a
     * delimiter, where a model writes every value so (FunctionGemma's {@code limit:<escape>10<escape>}, which vLLM
     * reads as {@code 10}). Without a schema, or where it says string, the text stays.
     */
    static Finding stringsTypedBySchema(Finding call, Config cfg) {
        KnownTools.Found found = call.isCall() ? cfg.tools.find(call.name) : null;
        if (found == null) {
            return call;
        }
        ObjectNode typed = null;
        for (var e : call.arguments.properties()) {
            if (e.getValue().isTextual() && RawValues.describes(found.spec(), e.getKey())) {
                RawValues.Typed t = RawValues.typed(found.spec(), e.getKey(), e.getValue().textValue(), cfg.limits);
                if (t.changed()) {
                    typed = typed == null ? call.arguments.deepCopy() : typed;
                    typed.set(e.getKey(), t.value());
                }
            }
        }
        if (typed == null) {
            return call;
        }
        List<Repair> repairs = new ArrayList<>(call.repairs);
        repairs.add(Repair.VALUES_TYPED_BY_SCHEMA);
        return Finding.call(call.name, typed, call.id, call.format, repairs, call.start, call.end);
    }

    /** The declared types that keep a value as text. */
    private static final java.util.Set<String> STRING_TYPES = java.util.Set.of("string", "str", "text");

    /**
     * Each top-level value read from nested tags (an object or array) shaped and typed by its parameter's schema
     * ({@link RawValues#shaped}); call once all are read.
     */
    void shapeNested() {
        if (tool == null || tooLong != null) {
            return;
        }
        List<String> keys = new ArrayList<>();
        args.fieldNames().forEachRemaining(keys::add);
        for (String key : keys) {
            JsonNode v = args.get(key);
            if (v.isContainerNode()) {
                RawValues.Typed t = RawValues.shaped(tool, key, v, cfg.limits);
                typed |= t.changed();
                args.set(key, t.value());
            }
        }
    }

    /** The call spanning {@code [start, end)}, or the limit error a value over the limit made it. */
    Finding call(WireFormat format, int start, int end) {
        if (tooLong != null) {
            return Finding.error(ExtractionError.Kind.LIMIT_EXCEEDED, ErrorTexts.limit(tooLong),
                    cfg.tools.display(name), format, start, end);
        }
        return call(format, start, end, List.of());
    }

    /** {@link #call(WireFormat, int, int)} with the repairs {@code made} reading it. */
    Finding call(WireFormat format, int start, int end, List<Repair> made) {
        if (tooLong != null) {
            return call(format, start, end);
        }
        List<Repair> repairs = new ArrayList<>(made);
        if (typed) {
            repairs.add(Repair.VALUES_TYPED_BY_SCHEMA);
        }
        return CallNormalizer.call(name, args, null, format, List.copyOf(repairs), start, end, cfg);
    }
}
