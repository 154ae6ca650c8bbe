package dev.calltype.processor.model;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import dev.calltype.processor.model.TypeModel.EnumType;
import dev.calltype.processor.model.TypeModel.MapType;
import dev.calltype.processor.model.TypeModel.OptionalType;
import dev.calltype.processor.model.TypeModel.RecordRef;
import dev.calltype.processor.model.TypeModel.Scalar;
import dev.calltype.processor.model.TypeModel.SealedRef;
import dev.calltype.processor.model.TypeModel.Sequence;
import dev.calltype.processor.model.TypeModel.SequenceKind;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Maps Java types to {@link TypeModel}s: scalars, enums, collections, maps, {@code Optional}, and the records
 * and sealed interfaces they reach, each described once (by key) and its components read through a
 * {@link ComponentReader}. A type with no JSON form maps to a {@link Mapping.Failure} saying why.
 */
final class TypeMapper {

    /** Reads one record component as a field (its name, default, constraints). */
    @FunctionalInterface
    interface ComponentReader {
        /** The field, or {@code null} when the component cannot be read (an issue is stated). */
        FieldModel read(RecordComponentElement component, TypeMirror type, String docText, String label);
    }

    private final Elements elements;
    private final Types types;
    private final SourceFacts facts;
    private final PackageElement pkg;
    private final ComponentReader components;
    private final Map<String, RecordModel> records = new LinkedHashMap<>();
    private final Map<String, Mapping> recordResults = new LinkedHashMap<>();
    private final Map<String, SealedModel> sealedTypes = new LinkedHashMap<>();
    private final Map<String, Mapping> sealedResults = new LinkedHashMap<>();
    private final Set<String> sealedMembers = new HashSet<>();

    /** @param pkg the generated toolkit's package, from which every type must be reachable */
    TypeMapper(Elements elements, Types types, SourceFacts facts, PackageElement pkg, ComponentReader components) {
        this.elements = elements;
        this.types = types;
        this.facts = facts;
        this.pkg = pkg;
        this.components = components;
    }

    Map<String, RecordModel> records() {
        return records;
    }

    Map<String, SealedModel> sealedTypes() {
        return sealedTypes;
    }

    /**
     * @param fieldLevel whether the type is directly a parameter's or component's, where
     *     {@code Optional} is allowed
     */
    Mapping map(TypeMirror type, boolean fieldLevel) {
        switch (type.getKind()) {
            case ERROR:
                return new Mapping.Unresolved(Declarations.stripAnnotations(type.toString()));
            case BOOLEAN: case BYTE: case SHORT: case INT: case LONG: case CHAR: case FLOAT: case DOUBLE: {
                ScalarKind k = ScalarKind.forName(type.getKind().name().toLowerCase(java.util.Locale.ROOT));
                return new Mapping.Ok(new Scalar(k, Declarations.typeName(type)));
            }
            case ARRAY: {
                Mapping element = map(((ArrayType) type).getComponentType(), false);
                if (!(element instanceof Mapping.Ok ok)) {
                    return element instanceof Mapping.Failure f ? new Mapping.Failure("array elements: " + f.reason())
                            : element;
                }
                return new Mapping.Ok(new Sequence(SequenceKind.ARRAY, ok.type(), Declarations.typeName(type)));
            }
            case DECLARED:
                return declared((DeclaredType) type, fieldLevel);
            case TYPEVAR:
                return new Mapping.Failure("a type variable has no JSON form; use a concrete type");
            case WILDCARD:
                return new Mapping.Failure("wildcards other than '? extends T' have no JSON form");
            default:
                return new Mapping.Failure(type.getKind().name().toLowerCase(java.util.Locale.ROOT)
                        + " has no JSON form");
        }
    }

    private Mapping declared(DeclaredType type, boolean fieldLevel) {
        TypeElement te = (TypeElement) type.asElement();
        String qn = te.getQualifiedName().toString();
        ScalarKind scalar = ScalarKind.forName(qn);
        if (scalar != null) {
            return new Mapping.Ok(new Scalar(scalar, ClassName.get(te)));
        }
        List<? extends TypeMirror> args = type.getTypeArguments();
        switch (qn) {
            case "java.util.Optional": {
                if (!fieldLevel) {
                    return new Mapping.Failure("Optional is supported only directly on a parameter or record"
                            + " component, not inside another type");
                }
                if (args.isEmpty()) {
                    return new Mapping.Failure("raw Optional has no element type");
                }
                Mapping inner = map(unwrapExtends(args.get(0)), false);
                if (inner instanceof Mapping.Ok ok) {
                    return new Mapping.Ok(new OptionalType(ok.type(), ParameterizedTypeName.get(ClassName.get(te),
                            ok.type().javaType().box())));
                }
                return inner;
            }
            case "java.util.List", "java.util.Set", "java.util.Collection": {
                if (args.isEmpty()) {
                    return new Mapping.Failure("raw " + te.getSimpleName() + " has no element type; write "
                            + te.getSimpleName() + "<T>");
                }
                Mapping inner = map(unwrapExtends(args.get(0)), false);
                if (inner instanceof Mapping.Ok ok) {
                    SequenceKind kind = qn.endsWith("List") ? SequenceKind.LIST
                            : qn.endsWith("Set") ? SequenceKind.SET : SequenceKind.COLLECTION;
                    return new Mapping.Ok(new Sequence(kind, ok.type(), ParameterizedTypeName.get(ClassName.get(te),
                            ok.type().javaType().box())));
                }
                return inner instanceof Mapping.Failure f
                        ? new Mapping.Failure(te.getSimpleName() + " elements: " + f.reason()) : inner;
            }
            case "java.util.Map": {
                if (args.size() != 2) {
                    return new Mapping.Failure("raw Map has no key and value types; write Map<String, V>");
                }
                TypeMirror key = unwrapExtends(args.get(0));
                if (key.getKind() == TypeKind.ERROR) {
                    return new Mapping.Unresolved(Declarations.stripAnnotations(key.toString()));
                }
                if (key.getKind() != TypeKind.DECLARED
                        || !((TypeElement) ((DeclaredType) key).asElement()).getQualifiedName()
                        .contentEquals("java.lang.String")) {
                    return new Mapping.Failure("Map keys must be String (JSON object keys are strings), not "
                            + Declarations.simpleTypeText(key));
                }
                Mapping inner = map(unwrapExtends(args.get(1)), false);
                if (inner instanceof Mapping.Ok ok) {
                    return new Mapping.Ok(new MapType(ok.type(), ParameterizedTypeName.get(ClassName.get(te),
                            ClassName.get("java.lang", "String"), ok.type().javaType().box())));
                }
                return inner instanceof Mapping.Failure f ? new Mapping.Failure("Map values: " + f.reason()) : inner;
            }
            default:
                break;
        }
        if (te.getKind() == ElementKind.ENUM) {
            String access = accessProblem(te);
            if (access != null) {
                return new Mapping.Failure(access);
            }
            List<String> constants = new ArrayList<>();
            for (Element e : te.getEnclosedElements()) {
                if (e.getKind() == ElementKind.ENUM_CONSTANT) {
                    constants.add(e.getSimpleName().toString());
                }
            }
            return new Mapping.Ok(new EnumType(ClassName.get(te), constants));
        }
        if (te.getKind() == ElementKind.RECORD) {
            return record(type, te);
        }
        if (te.getKind() == ElementKind.INTERFACE && te.getModifiers().contains(Modifier.SEALED)) {
            return sealed(type, te);
        }
        String what = Declarations.isKotlin(te) ? Declarations.KOTLIN_CLASS
                : te.getKind() == ElementKind.INTERFACE ? "an interface that is not sealed"
                : te.getKind() == ElementKind.CLASS ? "a class that is not a record (use a record)"
                : "a " + te.getKind().name().toLowerCase(java.util.Locale.ROOT);
        return new Mapping.Failure(te.getSimpleName() + " is " + what);
    }

    private Mapping record(DeclaredType type, TypeElement te) {
        String key = key(type);
        Mapping known = recordResults.get(key);
        if (known != null) {
            return known;
        }
        String access = accessProblem(te);
        if (access != null) {
            return remember(recordResults, key, new Mapping.Failure(access));
        }
        for (TypeMirror arg : type.getTypeArguments()) {
            if (arg.getKind() != TypeKind.DECLARED && arg.getKind() != TypeKind.ARRAY) {
                return remember(recordResults, key, new Mapping.Failure("record " + te.getSimpleName()
                        + " must be used with concrete type arguments"));
            }
        }
        if (!te.getTypeParameters().isEmpty() && type.getTypeArguments().isEmpty()) {
            return remember(recordResults, key, new Mapping.Failure("raw record type " + te.getSimpleName()));
        }
        TypeName javaType = Declarations.typeName(type);
        RecordRef ref = new RecordRef(key, javaType);
        recordResults.put(key, new Mapping.Ok(ref));
        String doc = facts.docComment(te);
        List<FieldModel> fields = new ArrayList<>();
        boolean member = sealedMembers.contains(key);
        for (RecordComponentElement c : te.getRecordComponents()) {
            String name = c.getSimpleName().toString();
            TypeMirror ct = componentType(type, c);
            Mapping m = map(ct, true);
            if (m instanceof Mapping.Unresolved) {
                recordResults.remove(key);
                return m;
            }
            if (m instanceof Mapping.Failure f) {
                return remember(recordResults, key, new Mapping.Failure("in record " + te.getSimpleName()
                        + ", component '" + name + "': " + f.reason()));
            }
            FieldModel fm = components.read(c, ct, DocComments.param(doc, name), te.getSimpleName() + "." + name);
            if (member && fm.jsonName().equals(SealedModel.DISCRIMINATOR)) {
                return remember(recordResults, key, new Mapping.Failure("record " + te.getSimpleName()
                        + " has a component named '" + SealedModel.DISCRIMINATOR
                        + "', which is the discriminator of its sealed interface"));
            }
            fields.add(fm);
        }
        String simple = uniqueSimpleName(te.getSimpleName().toString(), key);
        records.put(key, new RecordModel(key, javaType, simple, fields, false, member));
        return new Mapping.Ok(ref);
    }

    /** Keeps a type's mapping, so that it is worked out once. */
    private static Mapping remember(Map<String, Mapping> results, String key, Mapping m) {
        results.put(key, m);
        return m;
    }

    private String uniqueSimpleName(String simple, String key) {
        Set<String> used = new HashSet<>();
        for (RecordModel r : records.values()) {
            if (!r.key().equals(key)) {
                used.add(r.simpleName());
            }
        }
        for (SealedModel s : sealedTypes.values()) {
            if (!s.key().equals(key)) {
                used.add(s.simpleName());
            }
        }
        String candidate = simple;
        for (int n = 2; used.contains(candidate); n++) {
            candidate = simple + n;
        }
        return candidate;
    }

    private Mapping sealed(DeclaredType type, TypeElement te) {
        String key = key(type);
        Mapping known = sealedResults.get(key);
        if (known != null) {
            return known;
        }
        String access = accessProblem(te);
        if (access != null) {
            return remember(sealedResults, key, new Mapping.Failure(access));
        }
        if (!te.getTypeParameters().isEmpty()) {
            return remember(sealedResults, key,
                    new Mapping.Failure("generic sealed interface " + te.getSimpleName()));
        }
        SealedRef ref = new SealedRef(key, Declarations.typeName(type));
        sealedResults.put(key, new Mapping.Ok(ref));
        List<SealedModel.Member> members = new ArrayList<>();
        Set<String> discriminators = new HashSet<>();
        for (TypeMirror permitted : permittedInSourceOrder(te)) {
            if (permitted.getKind() == TypeKind.ERROR) {
                sealedResults.remove(key);
                return new Mapping.Unresolved(Declarations.stripAnnotations(permitted.toString()));
            }
            TypeElement pe = (TypeElement) ((DeclaredType) permitted).asElement();
            if (pe.getKind() != ElementKind.RECORD || !pe.getTypeParameters().isEmpty()) {
                return remember(sealedResults, key, new Mapping.Failure("sealed interface " + te.getSimpleName()
                        + " permits " + pe.getSimpleName() + ", which is not a non-generic record"));
            }
            String memberKey = key(permitted);
            sealedMembers.add(memberKey);
            RecordModel built = records.get(memberKey);
            if (built != null && built.fields().stream().anyMatch(f -> f.jsonName().equals(SealedModel.DISCRIMINATOR))) {
                return remember(sealedResults, key, new Mapping.Failure("record " + pe.getSimpleName()
                        + " has a component named 'type', which is the discriminator of " + te.getSimpleName()));
            }
            Mapping m = record((DeclaredType) permitted, pe);
            if (m instanceof Mapping.Unresolved) {
                sealedResults.remove(key);
                return m;
            }
            if (m instanceof Mapping.Failure f) {
                return remember(sealedResults, key, new Mapping.Failure(f.reason()));
            }
            String discriminator = Names.snakeCase(pe.getSimpleName().toString());
            if (!discriminators.add(discriminator)) {
                return remember(sealedResults, key, new Mapping.Failure("two records permitted by " + te.getSimpleName()
                        + " have the discriminator \"" + discriminator + "\""));
            }
            members.add(new SealedModel.Member(discriminator, pe.getSimpleName().toString(), memberKey));
        }
        if (members.isEmpty()) {
            return remember(sealedResults, key,
                    new Mapping.Failure("sealed interface " + te.getSimpleName() + " permits nothing"));
        }
        sealedTypes.put(key, new SealedModel(key, Declarations.typeName(type), uniqueSimpleName(te.getSimpleName().toString(), key),
                members));
        return new Mapping.Ok(ref);
    }

    TypeMirror componentType(DeclaredType owner, RecordComponentElement c) {
        ExecutableElement accessor = c.getAccessor();
        if (accessor != null) {
            TypeMirror t = types.asMemberOf(owner, accessor);
            if (t instanceof ExecutableType et) {
                return et.getReturnType();
            }
        }
        return c.asType();
    }

    private static TypeMirror unwrapExtends(TypeMirror t) {
        if (t.getKind() == TypeKind.WILDCARD) {
            WildcardType w = (WildcardType) t;
            if (w.getExtendsBound() != null) {
                return w.getExtendsBound();
            }
        }
        return t;
    }

    /** Why the generated class (in {@link #pkg}) cannot name the type, or {@code null}. */
    /**
     * A sealed interface's permitted records in an order every compiler gives alike: those declared inside it in
     * declaration order (javac lists implicitly permitted types so, the Eclipse compiler by name), then the others
     * as the compiler lists them (the {@code permits} clause).
     */
    private static List<TypeMirror> permittedInSourceOrder(TypeElement sealed) {
        List<? extends TypeMirror> permitted = sealed.getPermittedSubclasses();
        List<TypeMirror> out = new ArrayList<>(permitted.size());
        for (Element e : sealed.getEnclosedElements()) {
            for (TypeMirror p : permitted) {
                if (p.getKind() == TypeKind.DECLARED && ((DeclaredType) p).asElement().equals(e)) {
                    out.add(p);
                }
            }
        }
        for (TypeMirror p : permitted) {
            if (!out.contains(p)) {
                out.add(p);
            }
        }
        return out;
    }

    private String accessProblem(TypeElement te) {
        for (Element e = te; e != null && (e.getKind().isClass() || e.getKind().isInterface());
             e = e.getEnclosingElement()) {
            Set<Modifier> mods = e.getModifiers();
            if (mods.contains(Modifier.PRIVATE)) {
                return te.getSimpleName() + " is private (or inside a private class); the generated toolkit cannot"
                        + " use it";
            }
            if (!mods.contains(Modifier.PUBLIC) && !elements.getPackageOf(e).equals(pkg)) {
                return te.getSimpleName() + " is not public and lives in another package; make it public";
            }
        }
        return null;
    }

    /** A stable identity for a type: qualified names and type arguments, no annotations. */
    private static String key(TypeMirror t) {
        return Declarations.typeKey(t);
    }

    /** The records, those that can contain themselves marked recursive. */
    Map<String, RecordModel> finishedRecords() {
        Map<String, RecordModel> out = new LinkedHashMap<>();
        for (RecordModel r : records.values()) {
            boolean recursive = reaches(r.key(), r.key());
            boolean member = r.sealedMember() || sealedMembers.contains(r.key());
            out.put(r.key(), new RecordModel(r.key(), r.javaType(), r.simpleName(), r.fields(), recursive, member));
        }
        return out;
    }

    private boolean reaches(String from, String target) {
        Set<String> seen = new HashSet<>();
        Deque<String> work = new ArrayDeque<>();
        work.push(from);
        while (!work.isEmpty()) {
            String key = work.pop();
            List<TypeModel> next = new ArrayList<>();
            RecordModel r = records.get(key);
            if (r != null) {
                for (FieldModel f : r.fields()) {
                    next.add(f.type());
                }
            }
            SealedModel s = sealedTypes.get(key);
            if (s != null) {
                for (SealedModel.Member m : s.members()) {
                    next.add(new RecordRef(m.recordKey(), null));
                }
            }
            for (TypeModel t : next) {
                for (String k : referencedKeys(t)) {
                    if (k.equals(target)) {
                        return true;
                    }
                    if (seen.add(k)) {
                        work.push(k);
                    }
                }
            }
        }
        return false;
    }

    private static List<String> referencedKeys(TypeModel t) {
        if (t instanceof RecordRef r) {
            return List.of(r.key());
        }
        if (t instanceof SealedRef s) {
            return List.of(s.key());
        }
        if (t instanceof Sequence s) {
            return referencedKeys(s.element());
        }
        if (t instanceof MapType m) {
            return referencedKeys(m.value());
        }
        if (t instanceof OptionalType o) {
            return referencedKeys(o.value());
        }
        return List.of();
    }
}
