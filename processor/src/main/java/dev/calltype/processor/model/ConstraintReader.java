package dev.calltype.processor.model;

import dev.calltype.processor.diagnostic.Problem;
import dev.calltype.processor.model.TypeModel.OptionalType;
import dev.calltype.processor.model.TypeModel.Scalar;
import dev.calltype.processor.model.TypeModel.Sequence;
import dev.calltype.render.Json.JsonNumber;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * Reads Bean Validation constraints by simple name into {@link Constraints}, matched to the kind of value they
 * apply to; one that is invalid or does not apply is left out and stated as an {@link Issue}.
 */
final class ConstraintReader {

    private final Elements elements;
    private final List<Issue> issues;

    ConstraintReader(Elements elements, List<Issue> issues) {
        this.elements = elements;
        this.issues = issues;
    }

    Constraints read(Element element, TypeModel type, String label) {
        Map<String, AnnotationMirror> found = annotationsBySimpleName(element);
        if (found.isEmpty()) {
            return Constraints.NONE;
        }
        TypeModel t = type instanceof OptionalType o ? o.value() : type;
        boolean string = t instanceof Scalar s && s.kind() == ScalarKind.STRING;
        boolean numeric = t instanceof Scalar s && s.kind().isNumeric();
        boolean sized = t instanceof Sequence;
        String typeText = Declarations.simpleName(t.javaType());
        JsonNumber minimum = null;
        JsonNumber maximum = null;
        AnnotationMirror minimumFrom = null;
        AnnotationMirror maximumFrom = null;
        Integer minLength = null;
        Integer maxLength = null;
        Integer minItems = null;
        Integer maxItems = null;
        String pattern = null;
        boolean notBlank = false;
        boolean email = false;
        for (Map.Entry<String, AnnotationMirror> e : found.entrySet()) {
            String name = e.getKey();
            AnnotationMirror m = e.getValue();
            switch (name) {
                case "Min", "Max" -> {
                    if (!numeric) {
                        ignored(element, m, name, label, typeText);
                        continue;
                    }
                    Object v = Declarations.valueOf(elements, m, "value");
                    if (v instanceof Number n) {
                        JsonNumber bound = new JsonNumber(Long.toString(n.longValue()));
                        if (name.equals("Min")) {
                            minimum = bound;
                            minimumFrom = m;
                        } else {
                            maximum = bound;
                            maximumFrom = m;
                        }
                    }
                }
                case "DecimalMin", "DecimalMax" -> {
                    if (!numeric) {
                        ignored(element, m, name, label, typeText);
                        continue;
                    }
                    Object v = Declarations.valueOf(elements, m, "value");
                    try {
                        BigDecimal d = new BigDecimal(String.valueOf(v).strip());
                        JsonNumber bound = JsonNumber.canonical(d.toPlainString());
                        if (name.equals("DecimalMin")) {
                            minimum = bound;
                            minimumFrom = m;
                        } else {
                            maximum = bound;
                            maximumFrom = m;
                        }
                    } catch (NumberFormatException ex) {
                        issues.add(Issue.of(Problem.CONSTRAINT_INVALID, element, m, Declarations.value(m, "value"), name, label,
                                "\"" + v + "\" is not a number"));
                    }
                }
                case "Size" -> {
                    Object min = Declarations.valueOf(elements, m, "min");
                    Object max = Declarations.valueOf(elements, m, "max");
                    int lo = min instanceof Number n ? n.intValue() : 0;
                    int hi = max instanceof Number n ? n.intValue() : Integer.MAX_VALUE;
                    if (lo > hi || lo < 0) {
                        issues.add(Issue.of(Problem.CONSTRAINT_INVALID, element, m, null, name, label,
                                "min " + lo + " and max " + hi + " allow no size"));
                        continue;
                    }
                    if (string) {
                        minLength = lo > 0 ? Integer.valueOf(lo) : minLength;
                        maxLength = hi != Integer.MAX_VALUE ? Integer.valueOf(hi) : maxLength;
                    } else if (sized) {
                        minItems = lo > 0 ? Integer.valueOf(lo) : minItems;
                        maxItems = hi != Integer.MAX_VALUE ? Integer.valueOf(hi) : maxItems;
                    } else {
                        ignored(element, m, name, label, typeText);
                    }
                }
                case "Pattern" -> {
                    if (!string) {
                        ignored(element, m, name, label, typeText);
                        continue;
                    }
                    Object v = Declarations.valueOf(elements, m, "regexp");
                    try {
                        Pattern.compile(String.valueOf(v));
                        pattern = String.valueOf(v);
                    } catch (PatternSyntaxException ex) {
                        issues.add(Issue.of(Problem.CONSTRAINT_INVALID, element, m, Declarations.value(m, "regexp"), name, label,
                                "the regular expression does not compile: " + ex.getDescription()));
                    }
                }
                case "NotBlank" -> {
                    if (!string) {
                        ignored(element, m, name, label, typeText);
                        continue;
                    }
                    notBlank = true;
                }
                case "NotEmpty" -> {
                    if (string) {
                        minLength = 1;
                    } else if (sized) {
                        minItems = 1;
                    } else {
                        ignored(element, m, name, label, typeText);
                    }
                }
                case "Email" -> {
                    if (!string) {
                        ignored(element, m, name, label, typeText);
                        continue;
                    }
                    email = true;
                }
                default -> {
                }
            }
        }
        if (numeric && !allowsAValue(element, label, ((Scalar) t).kind(), minimum, minimumFrom, maximum, maximumFrom)) {
            minimum = null;
            maximum = null;
        }
        if (notBlank && (minLength == null || minLength < 1)) {
            minLength = 1;
        }
        return new Constraints(minimum, maximum, minLength, maxLength, pattern, minItems, maxItems, notBlank, email);
    }

    /**
     * Whether the bounds leave a value of the type: a minimum above the maximum, or a bound that leaves none of a
     * narrow type's range ({@code @Max(-200)} on a {@code byte}), is stated as an invalid constraint.
     */
    private boolean allowsAValue(Element element, String label, ScalarKind kind, JsonNumber minimum,
                                 AnnotationMirror minimumFrom, JsonNumber maximum, AnnotationMirror maximumFrom) {
        BigDecimal lo = minimum == null ? null : new BigDecimal(minimum.text());
        BigDecimal hi = maximum == null ? null : new BigDecimal(maximum.text());
        if (lo != null && hi != null && lo.compareTo(hi) > 0) {
            issues.add(Issue.of(Problem.CONSTRAINT_INVALID, element, maximumFrom, null, simpleName(maximumFrom), label,
                    "the maximum " + maximum.text() + " is below the minimum " + minimum.text()
                            + "; no value is allowed"));
            return false;
        }
        long[] range = kind.integerRange();
        if (range == null) {
            return true;
        }
        String type = kind.primitive() != null ? kind.primitive() : kind.className().substring(kind.className().lastIndexOf('.') + 1);
        if (lo != null && lo.compareTo(BigDecimal.valueOf(range[1])) > 0) {
            issues.add(Issue.of(Problem.CONSTRAINT_INVALID, element, minimumFrom, null, simpleName(minimumFrom), label,
                    "a " + type + " is at most " + range[1] + "; use a wider type (int, long) or a smaller minimum"));
            return false;
        }
        if (hi != null && hi.compareTo(BigDecimal.valueOf(range[0])) < 0) {
            issues.add(Issue.of(Problem.CONSTRAINT_INVALID, element, maximumFrom, null, simpleName(maximumFrom), label,
                    "a " + type + " is at least " + range[0] + "; use a wider type (int, long) or a larger maximum"));
            return false;
        }
        return true;
    }

    private static String simpleName(AnnotationMirror m) {
        return m.getAnnotationType().asElement().getSimpleName().toString();
    }

    private static final Set<String> CONSTRAINTS = Set.of("Min", "Max", "DecimalMin", "DecimalMax", "Size", "Pattern",
            "NotBlank", "NotEmpty", "Email");

    private void ignored(Element element, AnnotationMirror m, String name, String label, String typeText) {
        issues.add(Issue.of(Problem.CONSTRAINT_IGNORED, element, m, null, name, label, typeText));
    }

    /**
     * Constraint annotations by simple name, from the element, its type, and for a record component
     * also the accessor and field the compiler derives from it (where annotations without the
     * {@code RECORD_COMPONENT} target end up).
     */
    private Map<String, AnnotationMirror> annotationsBySimpleName(Element element) {
        Map<String, AnnotationMirror> out = new LinkedHashMap<>();
        List<AnnotationMirror> all = new ArrayList<>(element.getAnnotationMirrors());
        all.addAll(element.asType().getAnnotationMirrors());
        if (element instanceof RecordComponentElement rc) {
            ExecutableElement accessor = rc.getAccessor();
            if (accessor != null) {
                all.addAll(accessor.getAnnotationMirrors());
                all.addAll(accessor.getReturnType().getAnnotationMirrors());
            }
            for (VariableElement f : ElementFilter.fieldsIn(rc.getEnclosingElement().getEnclosedElements())) {
                if (f.getSimpleName().contentEquals(rc.getSimpleName())) {
                    all.addAll(f.getAnnotationMirrors());
                    all.addAll(f.asType().getAnnotationMirrors());
                }
            }
        }
        for (AnnotationMirror m : all) {
            String simple = m.getAnnotationType().asElement().getSimpleName().toString();
            if (CONSTRAINTS.contains(simple)) {
                out.putIfAbsent(simple, m);
            }
        }
        return out;
    }
}
