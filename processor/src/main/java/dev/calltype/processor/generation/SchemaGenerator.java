package dev.calltype.processor.generation;

import dev.calltype.render.Schemas;
import dev.calltype.processor.model.Constraints;
import dev.calltype.processor.model.FieldModel;
import dev.calltype.render.Json;
import dev.calltype.render.Json.JsonArray;
import dev.calltype.render.Json.JsonBoolean;
import dev.calltype.render.Json.JsonNumber;
import dev.calltype.render.Json.JsonObject;
import dev.calltype.processor.model.RecordModel;
import dev.calltype.processor.model.ReturnModel;
import dev.calltype.processor.model.ScalarKind;
import dev.calltype.processor.model.SealedModel;
import dev.calltype.processor.model.ToolModel;
import dev.calltype.processor.model.ToolkitModel;
import dev.calltype.processor.model.TypeModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON Schema (2020-12) of each tool's arguments object. Records are written inline, except
 * records that can contain themselves, which go to {@code $defs} and are referenced with
 * {@code $ref}. Sealed interfaces become {@code anyOf} of their records, each with a required
 * {@code type} property whose only allowed value is the record's simple name in snake_case.
 */
public final class SchemaGenerator {

    private final ToolkitModel model;

    public SchemaGenerator(ToolkitModel model) {
        this.model = model;
    }

    /** The parameters schema of one tool (what {@code ToolSpec.parameters()} holds). */
    public JsonObject parameters(ToolModel tool) {
        Map<String, JsonObject> defs = new LinkedHashMap<>();
        Map<String, Json> root = new LinkedHashMap<>(object(tool.parameters(), null, defs).members());
        if (!defs.isEmpty()) {
            root.put("$defs", new JsonObject(new LinkedHashMap<>(defs)));
        }
        return Schemas.ordered(root);
    }

    /**
     * The JSON Schema of a typed answer: the type's schema as a parameter of that type has it, the description at
     * its root and {@code $defs} after it. A record that can contain itself is written inline at the root (a
     * provider wants an object there, not a {@code $ref}), its inner occurrences referring to {@code $defs}.
     */
    public JsonObject answer(TypeModel type, String description) {
        Map<String, JsonObject> defs = new LinkedHashMap<>();
        Map<String, Json> root = new LinkedHashMap<>(type instanceof TypeModel.RecordRef r
                ? object(model.record(r.key()).fields(), discriminator(model.record(r.key())), defs).members()
                : type(type, defs).members());
        if (!description.isEmpty()) {
            root.put("description", Json.of(description));
        }
        if (!defs.isEmpty()) {
            root.put("$defs", new JsonObject(new LinkedHashMap<>(defs)));
        }
        return Schemas.ordered(root);
    }

    /**
     * The JSON Schema of the value a tool's generated code writes as its result, or {@code null} when the
     * result is not written by generated code (text, {@code void}, a {@code JsonNode}, data binding). It
     * describes a result that is not {@code null}; members and elements whose Java type lets them be
     * {@code null} (anything but a primitive) allow {@code null}, as the writers write it. Records that can
     * contain themselves go to {@code $defs}, as in the parameters schemas.
     */
    public JsonObject output(ToolModel tool) {
        if (tool.returns().kind() != ReturnModel.Kind.TYPED) {
            return null;
        }
        Map<String, JsonObject> defs = new LinkedHashMap<>();
        Map<String, Json> root = new LinkedHashMap<>(written(tool.returns().type(), false, defs).members());
        if (!defs.isEmpty()) {
            root.put("$defs", new JsonObject(new LinkedHashMap<>(defs)));
        }
        return Schemas.ordered(root);
    }

    /** The schema of a written value; {@code nullable} when it may be written as {@code null}. */
    private JsonObject written(TypeModel t, boolean nullable, Map<String, JsonObject> defs) {
        Map<String, Json> out = new LinkedHashMap<>();
        if (t instanceof TypeModel.Scalar s) {
            scalar(s.kind(), typeOrNull(s.kind().schemaType(), nullable), out);
        } else if (t instanceof TypeModel.EnumType e) {
            out.put("type", typeOrNull("string", nullable));
            List<Json> values = new ArrayList<>();
            e.constants().forEach(c -> values.add(Json.of(c)));
            if (nullable) {
                values.add(Json.JsonNull.INSTANCE);
            }
            out.put("enum", new JsonArray(values));
        } else if (t instanceof TypeModel.Sequence s) {
            out.put("type", typeOrNull("array", nullable));
            out.put("items", written(s.element(), mayBeNull(s.element()), defs));
        } else if (t instanceof TypeModel.MapType m) {
            out.put("type", typeOrNull("object", nullable));
            out.put("additionalProperties", written(m.value(), mayBeNull(m.value()), defs));
        } else if (t instanceof TypeModel.OptionalType o) {
            return written(o.value(), true, defs);
        } else if (t instanceof TypeModel.RecordRef r) {
            RecordModel record = model.record(r.key());
            if (!record.recursive()) {
                return writtenRecord(record, nullable, defs);
            }
            String name = record.simpleName();
            if (!defs.containsKey(name)) {
                defs.put(name, new JsonObject(Map.of()));
                defs.put(name, writtenRecord(record, false, defs));
            }
            JsonObject ref = JsonObject.builder().put("$ref", "#/$defs/" + name).build();
            if (!nullable) {
                return ref;
            }
            out.put("anyOf", new JsonArray(List.of(ref, nullSchema())));
        } else if (t instanceof TypeModel.SealedRef s) {
            List<Json> members = new ArrayList<>();
            for (SealedModel.Member m : model.sealed(s.key()).members()) {
                members.add(written(new TypeModel.RecordRef(m.recordKey(), null), false, defs));
            }
            if (nullable) {
                members.add(nullSchema());
            }
            out.put("anyOf", new JsonArray(members));
        }
        return Schemas.ordered(out);
    }

    private JsonObject writtenRecord(RecordModel record, boolean nullable, Map<String, JsonObject> defs) {
        Map<String, Json> properties = new LinkedHashMap<>();
        List<String> required = new ArrayList<>();
        String discriminator = discriminator(record);
        if (discriminator != null) {
            properties.put(SealedModel.DISCRIMINATOR, JsonObject.builder().put("type", "string")
                    .put("enum", JsonArray.ofStrings(List.of(discriminator))).build());
            required.add(SealedModel.DISCRIMINATOR);
        }
        for (FieldModel f : record.fields()) {
            properties.put(f.jsonName(), written(f.type(), mayBeNull(f.type()), defs));
            required.add(f.jsonName());
        }
        Map<String, Json> out = new LinkedHashMap<>();
        out.put("type", typeOrNull("object", nullable));
        out.put("properties", new JsonObject(properties));
        if (!required.isEmpty()) {
            out.put("required", JsonArray.ofStrings(required));
        }
        out.put("additionalProperties", new JsonBoolean(false));
        return Schemas.ordered(out);
    }

    /** A scalar's type, its format, and for a {@code char} its length of one. */
    private static void scalar(ScalarKind kind, Json type, Map<String, Json> out) {
        out.put("type", type);
        if (kind.format() != null) {
            out.put("format", Json.of(kind.format()));
        }
        if (kind.pattern() != null) {
            out.put("pattern", Json.of(kind.pattern()));
        }
        if (kind == ScalarKind.CHAR) {
            out.put("minLength", number(1));
            out.put("maxLength", number(1));
        }
        long[] range = kind.integerRange();
        if (range != null) {
            out.put("minimum", new JsonNumber(Long.toString(range[0])));
            out.put("maximum", new JsonNumber(Long.toString(range[1])));
        }
    }

    /** Whether a value of this type can be {@code null}: anything but a primitive. */
    private static boolean mayBeNull(TypeModel t) {
        return !(t instanceof TypeModel.Scalar s && s.isPrimitive());
    }

    private static Json typeOrNull(String type, boolean nullable) {
        return nullable ? JsonArray.ofStrings(List.of(type, "null")) : Json.of(type);
    }

    private static JsonObject nullSchema() {
        return JsonObject.builder().put("type", "null").build();
    }

    private JsonObject object(List<FieldModel> fields, String discriminator, Map<String, JsonObject> defs) {
        Map<String, Json> properties = new LinkedHashMap<>();
        List<String> required = new ArrayList<>();
        if (discriminator != null) {
            properties.put(SealedModel.DISCRIMINATOR, JsonObject.builder().put("type", "string")
                    .put("enum", JsonArray.ofStrings(List.of(discriminator))).build());
            required.add(SealedModel.DISCRIMINATOR);
        }
        for (FieldModel f : fields) {
            properties.put(f.jsonName(), field(f, defs));
            if (f.required()) {
                required.add(f.jsonName());
            }
        }
        Map<String, Json> out = new LinkedHashMap<>();
        out.put("type", Json.of("object"));
        out.put("properties", new JsonObject(properties));
        if (!required.isEmpty()) {
            out.put("required", JsonArray.ofStrings(required));
        }
        out.put("additionalProperties", new JsonBoolean(false));
        return Schemas.ordered(out);
    }

    private JsonObject field(FieldModel f, Map<String, JsonObject> defs) {
        Map<String, Json> out = new LinkedHashMap<>(type(f.type(), defs).members());
        if (!f.description().isEmpty()) {
            out.put("description", Json.of(f.description()));
        }
        if (f.defaultValue() != null) {
            out.put("default", f.defaultValue());
        }
        Constraints c = f.constraints();
        // a declared bound replaces the type's own range only where it is narrower
        if (c.minimum() != null && !(out.get("minimum") instanceof JsonNumber own && compare(c.minimum(), own) < 0)) {
            out.put("minimum", c.minimum());
        }
        if (c.maximum() != null && !(out.get("maximum") instanceof JsonNumber own && compare(c.maximum(), own) > 0)) {
            out.put("maximum", c.maximum());
        }
        if (c.minLength() != null) {
            out.put("minLength", number(c.minLength()));
        }
        if (c.maxLength() != null) {
            out.put("maxLength", number(c.maxLength()));
        }
        if (c.pattern() != null) {
            out.put("pattern", Json.of(c.schemaPattern()));
        }
        if (c.minItems() != null) {
            out.put("minItems", number(c.minItems()));
        }
        if (c.maxItems() != null) {
            out.put("maxItems", number(c.maxItems()));
        }
        if (c.email()) {
            out.put("format", Json.of("email"));
        }
        return Schemas.ordered(out);
    }

    private JsonObject type(TypeModel t, Map<String, JsonObject> defs) {
        Map<String, Json> out = new LinkedHashMap<>();
        if (t instanceof TypeModel.Scalar s) {
            scalar(s.kind(), Json.of(s.kind().schemaType()), out);
        } else if (t instanceof TypeModel.EnumType e) {
            out.put("type", Json.of("string"));
            out.put("enum", JsonArray.ofStrings(e.constants()));
        } else if (t instanceof TypeModel.Sequence s) {
            out.put("type", Json.of("array"));
            out.put("items", type(s.element(), defs));
        } else if (t instanceof TypeModel.MapType m) {
            out.put("type", Json.of("object"));
            out.put("additionalProperties", type(m.value(), defs));
        } else if (t instanceof TypeModel.OptionalType o) {
            return type(o.value(), defs);
        } else if (t instanceof TypeModel.RecordRef r) {
            RecordModel record = model.record(r.key());
            if (record.recursive()) {
                out.put("$ref", Json.of("#/$defs/" + define(record, defs)));
            } else {
                return object(record.fields(), discriminator(record), defs);
            }
        } else if (t instanceof TypeModel.SealedRef s) {
            SealedModel sealed = model.sealed(s.key());
            List<Json> members = new ArrayList<>();
            for (SealedModel.Member m : sealed.members()) {
                members.add(type(new TypeModel.RecordRef(m.recordKey(), null), defs));
            }
            out.put("anyOf", new JsonArray(members));
        }
        return Schemas.ordered(out);
    }

    private String define(RecordModel record, Map<String, JsonObject> defs) {
        String name = record.simpleName();
        if (!defs.containsKey(name)) {
            defs.put(name, new JsonObject(Map.of()));
            defs.put(name, object(record.fields(), discriminator(record), defs));
        }
        return name;
    }

    private String discriminator(RecordModel record) {
        if (!record.sealedMember()) {
            return null;
        }
        for (SealedModel s : model.sealedTypes().values()) {
            for (SealedModel.Member m : s.members()) {
                if (m.recordKey().equals(record.key())) {
                    return m.discriminator();
                }
            }
        }
        return null;
    }

    private static int compare(JsonNumber a, JsonNumber b) {
        return new java.math.BigDecimal(a.text()).compareTo(new java.math.BigDecimal(b.text()));
    }

    private static JsonNumber number(int n) {
        return new JsonNumber(Integer.toString(n));
    }
}
