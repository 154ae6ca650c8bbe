package dev.calltype.runtime.internal.args;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * A reader's problems kept as data ({@link Problem}), seen as the list of texts a reader takes
 * ({@code List<String>}, worded for a tool): a typed answer reads them back with {@link #problems()} and words them
 * for its members. A text added as such (not through {@link #report}) is kept as a {@link Problem.Kind#OTHER}
 * problem. Not thread-safe; one per read.
 */
public class Problems extends AbstractList<String> {

    private final List<Problem> problems = new ArrayList<>();

    /** A new, empty list. */
    public Problems() {
    }

    /**
     * Adds one problem.
     *
     * @param problem the problem
     */
    public void add(Problem problem) {
        problems.add(problem);
        modCount++;
    }

    /**
     * The problems, in the order added.
     *
     * @return the problems (a live view)
     */
    public List<Problem> problems() {
        return java.util.Collections.unmodifiableList(problems);
    }

    /**
     * Adds a problem to a reader's list: as data when the list is {@link Problems}, else worded for a tool.
     *
     * @param problems where the reader collects its problems
     * @param path where, {@code ""} for the whole value
     * @param kind what kind of problem
     * @param detail what is wrong
     */
    public static void report(List<String> problems, String path, Problem.Kind kind, String detail) {
        Problem p = new Problem(path, kind, detail);
        if (problems instanceof Problems keeping) {
            keeping.add(p);
        } else {
            problems.add(p.worded(Problem.Subject.PARAMETER));
        }
    }

    @Override
    public String get(int index) {
        return problems.get(index).worded(Problem.Subject.PARAMETER);
    }

    @Override
    public int size() {
        return problems.size();
    }

    @Override
    public void add(int index, String text) {
        problems.add(index, new Problem("", Problem.Kind.OTHER, text));
        modCount++;
    }

    @Override
    public String remove(int index) {
        modCount++;
        return problems.remove(index).worded(Problem.Subject.PARAMETER);
    }

    @Override
    protected void removeRange(int from, int to) {
        problems.subList(from, to).clear();
        modCount++;
    }

    @Override
    public boolean addAll(Collection<? extends String> texts) {
        if (texts instanceof Problems other) {
            problems.addAll(other.problems);
            modCount++;
            return !other.problems.isEmpty();
        }
        return super.addAll(texts);
    }
}
