package dev.calltype.processor;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.Completion;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;

/** The processor, with every source file it creates recorded (also when compilation fails). */
final class RecordingProcessor implements Processor {

    final List<String> created = new ArrayList<>();
    private final ToolProcessor delegate = new ToolProcessor();

    @Override
    public void init(ProcessingEnvironment env) {
        Filer filer = env.getFiler();
        Filer recording = (Filer) Proxy.newProxyInstance(Filer.class.getClassLoader(), new Class<?>[] {Filer.class},
                forward(filer, (method, args) -> {
                    if (method.getName().equals("createSourceFile")) {
                        created.add(String.valueOf(args[0]));
                    }
                }));
        ProcessingEnvironment wrapped = (ProcessingEnvironment) Proxy.newProxyInstance(
                ProcessingEnvironment.class.getClassLoader(), new Class<?>[] {ProcessingEnvironment.class},
                (proxy, method, args) -> method.getName().equals("getFiler") ? recording
                        : invoke(method, env, args));
        delegate.init(wrapped);
    }

    private interface Observer {
        void seen(java.lang.reflect.Method method, Object[] args);
    }

    private static InvocationHandler forward(Object target, Observer observer) {
        return (proxy, method, args) -> {
            observer.seen(method, args);
            return invoke(method, target, args);
        };
    }

    private static Object invoke(java.lang.reflect.Method method, Object target, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    @Override
    public Set<String> getSupportedOptions() {
        return delegate.getSupportedOptions();
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return delegate.getSupportedAnnotationTypes();
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return delegate.getSupportedSourceVersion();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        return delegate.process(annotations, round);
    }

    @Override
    public Iterable<? extends Completion> getCompletions(Element element, AnnotationMirror annotation,
                                                         ExecutableElement member, String userText) {
        return delegate.getCompletions(element, annotation, member, userText);
    }
}
