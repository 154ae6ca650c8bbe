package dev.calltype.processor;

import com.google.auto.service.AutoService;
import com.palantir.javapoet.JavaFile;
import dev.calltype.annotations.Answer;
import dev.calltype.annotations.Param;
import dev.calltype.annotations.Tool;
import dev.calltype.annotations.ToolParams;
import dev.calltype.processor.diagnostic.Problem;
import dev.calltype.processor.diagnostic.Report;
import dev.calltype.processor.generation.AnswerGenerator;
import dev.calltype.processor.generation.ToolkitGenerator;
import dev.calltype.processor.model.ToolkitModel;
import dev.calltype.processor.model.Declarations;
import dev.calltype.processor.model.ModelBuilder;
import dev.calltype.processor.model.SourceFacts;
import dev.calltype.processor.validation.DeclarationChecks;
import dev.calltype.processor.validation.ModelChecks;
import dev.calltype.processor.validation.AnswerValidator;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;

/**
 * Generates a {@code <ClassName>Tools} toolkit for every class with {@code @Tool} methods, and a
 * {@code <Type>Answer} for every {@code @Answer} type.
 *
 * <p>Per class, in {@code process}: {@link DeclarationChecks} (the declarations), {@link ModelBuilder} (the
 * immutable model, built once), {@link ModelChecks} (the model), then {@link ToolkitGenerator}; every problem of
 * a class is reported, and nothing is generated for a class with errors. A class whose tool types are not resolved yet (made by
 * another processor) is deferred to the next round and reported only when processing is over.
 *
 * <p>Option {@code -Acalltype.descriptions=off} silences the warning for tools and parameters
 * without a description.
 */
@AutoService(Processor.class)
public final class ToolProcessor extends AbstractProcessor {

    /** The option that turns the missing-description warning off ({@code off}) or on (default). */
    public static final String DESCRIPTIONS_OPTION = "calltype.descriptions";

    private static final String GENERATED = "javax.annotation.processing.Generated";

    private final Set<String> deferred = new LinkedHashSet<>();
    private final Set<String> deferredAnswers = new LinkedHashSet<>();
    private final Set<String> generated = new LinkedHashSet<>();
    /** The compilation's top-level source types, of every round so far: their Javadoc and names are at hand. */
    private final Set<String> sourceTypes = new LinkedHashSet<>();
    /** The types whose facts this compilation has written. */
    private final Set<String> factsWritten = new LinkedHashSet<>();

    /**
     * Calltype's annotations ({@code @Param} included), and the {@code @Generated} that the code it generates
     * carries: the processor claims them (see {@link #process}), so that a build with {@code -Xlint:all -Werror}
     * does not fail on "No processor claimed any of these annotations".
     */
    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return Set.of(Tool.class.getCanonicalName(), Param.class.getCanonicalName(),
                ToolParams.class.getCanonicalName(), Answer.class.getCanonicalName(), GENERATED);
    }

    @Override
    public Set<String> getSupportedOptions() {
        return Set.of(DESCRIPTIONS_OPTION);
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    /** Processes a round, and claims its annotations: no other processor reads Calltype's. */
    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        Map<String, TypeElement> owners = new LinkedHashMap<>();
        for (String name : deferred) {
            TypeElement te = processingEnv.getElementUtils().getTypeElement(name);
            if (te != null) {
                owners.put(name, te);
            }
        }
        deferred.clear();
        for (Element e : round.getElementsAnnotatedWith(Tool.class)) {
            Element owner = e.getEnclosingElement();
            if (e.getKind() == ElementKind.METHOD && owner instanceof TypeElement te) {
                owners.putIfAbsent(te.getQualifiedName().toString(), te);
            }
        }
        for (Element e : round.getElementsAnnotatedWith(ToolParams.class)) {
            Report report = new Report();
            DeclarationChecks.checkToolParamsTarget(e, report);
            report.printTo(processingEnv.getMessager());
        }
        Set<String> declared = new LinkedHashSet<>();
        for (Element root : round.getRootElements()) {
            if (root instanceof TypeElement te) {
                declared.add(te.getQualifiedName().toString());
            }
        }
        sourceTypes.addAll(declared);
        for (Map.Entry<String, TypeElement> e : owners.entrySet()) {
            process(e.getKey(), e.getValue(), round.processingOver(), declared);
        }
        Map<String, Element> answers = new LinkedHashMap<>();
        for (String name : deferredAnswers) {
            TypeElement te = processingEnv.getElementUtils().getTypeElement(name);
            if (te != null) {
                answers.put(name, te);
            }
        }
        deferredAnswers.clear();
        for (Element e : round.getElementsAnnotatedWith(Answer.class)) {
            answers.putIfAbsent(e instanceof TypeElement te ? te.getQualifiedName().toString() : e.toString(), e);
        }
        for (Map.Entry<String, Element> e : answers.entrySet()) {
            answer(e.getKey(), e.getValue(), round.processingOver(), declared);
        }
        return true;
    }

    private void answer(String name, Element annotated, boolean last, Set<String> declared) {
        if (!generated.add("answer:" + name)) {
            return;
        }
        try {
            SourceFacts facts = facts();
            AnswerValidator validator = new AnswerValidator(processingEnv, facts);
            Report report = validator.validate(annotated);
            if (!validator.unresolved().isEmpty()) {
                if (!last) {
                    generated.remove("answer:" + name);
                    deferredAnswers.add(name);
                    return;
                }
                report.add(Problem.TYPE_UNRESOLVED, annotated, String.join(", ", validator.unresolved()), name);
            }
            if (validator.model() != null) {
                nameTaken(report, annotated, name, validator.model().generated().canonicalName(), declared);
            }
            report.printTo(processingEnv.getMessager());
            if (report.hasErrors() || validator.model() == null) {
                return;
            }
            new AnswerGenerator(validator.model()).generate().writeTo(processingEnv.getFiler());
            facts.write();
        } catch (IOException | RuntimeException e) {
            StringWriter trace = new StringWriter();
            e.printStackTrace(new PrintWriter(trace));
            processingEnv.getMessager().printMessage(javax.tools.Diagnostic.Kind.ERROR,
                    Problem.PROCESSOR_FAILURE.format(name, trace), annotated);
        }
    }

    /**
     * Reports a source type that has the name of the class to be generated: a stale copy of Calltype's own output
     * compiled as a source (the generated sources folder added as a source root, or left over) is told to clean;
     * any other type to be renamed.
     */
    private void nameTaken(Report report, Element at, String name, String generatedName, Set<String> declared) {
        if (!declared.contains(generatedName)) {
            return;
        }
        TypeElement taken = processingEnv.getElementUtils().getTypeElement(generatedName);
        boolean stale = taken != null && taken.getAnnotationMirrors().stream().anyMatch(m ->
                ((TypeElement) m.getAnnotationType().asElement()).getQualifiedName()
                        .contentEquals("javax.annotation.processing.Generated")
                && m.getElementValues().entrySet().stream().anyMatch(v ->
                        v.getKey().getSimpleName().contentEquals("value")
                        && v.getValue().toString().contains(ToolProcessor.class.getName())));
        report.add(stale ? Problem.STALE_GENERATED_SOURCE : Problem.TOOLKIT_NAME_TAKEN, at, name, generatedName);
    }

    private SourceFacts facts() {
        return new SourceFacts(processingEnv, sourceTypes, factsWritten);
    }

    private void process(String name, TypeElement owner, boolean last, Set<String> declared) {
        if (generated.contains(name)) {
            return;
        }
        try {
            boolean describe = !"off".equalsIgnoreCase(processingEnv.getOptions().get(DESCRIPTIONS_OPTION));
            Report report = new Report();
            List<ExecutableElement> tools = DeclarationChecks.check(owner, report);
            SourceFacts facts = facts();
            ModelBuilder builder = new ModelBuilder(processingEnv, facts);
            ToolkitModel model = builder.build(owner, tools);
            if (builder.unresolved().isEmpty()) {
                new ModelChecks(report, describe).check(tools, model, builder);
            } else if (!last) {
                deferred.add(name);
                return;
            } else {
                report.add(Problem.TYPE_UNRESOLVED, owner, String.join(", ", builder.unresolved()), name);
            }
            nameTaken(report, owner, name, Declarations.generatedName(owner).canonicalName(), declared);
            report.printTo(processingEnv.getMessager());
            if (report.hasErrors()) {
                return;
            }
            JavaFile file = new ToolkitGenerator(model).generate();
            file.writeTo(processingEnv.getFiler());
            facts.write();
            generated.add(name);
        } catch (IOException | RuntimeException e) {
            StringWriter trace = new StringWriter();
            e.printStackTrace(new PrintWriter(trace));
            processingEnv.getMessager().printMessage(javax.tools.Diagnostic.Kind.ERROR,
                    Problem.PROCESSOR_FAILURE.format(name, trace), owner);
        }
    }
}
