package dev.calltype.example.tools;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A second program on the same notes folder, run in its own JVM by {@link NotesProcessesTest}.
 *
 * <ul>
 *   <li>{@code race FOLDER GO ID N}: waits until the file {@code GO} exists, then tries to create notes
 *       {@code race 0} … {@code race N-1} without overwriting, printing {@code won I} for each it created.</li>
 *   <li>{@code churn FOLDER ID}: replaces a few large notes over and over, printing {@code wrote I} after each,
 *       until it is killed.</li>
 * </ul>
 */
public final class NotesProcess {

    private NotesProcess() {
    }

    public static void main(String[] args) throws Exception {
        Notes notes = new Notes(Path.of(args[1]));
        switch (args[0]) {
            case "race" -> {
                Path go = Path.of(args[2]);
                String id = args[3];
                int n = Integer.parseInt(args[4]);
                System.out.println("ready");
                System.out.flush();
                while (!Files.exists(go)) {
                    Thread.onSpinWait();
                }
                for (int i = 0; i < n; i++) {
                    try {
                        notes.createNote("race " + i, "written by " + id, List.of(), false);
                        System.out.println("won " + i);
                    } catch (IllegalArgumentException e) {
                        // another process has it: that is the point
                    }
                }
                System.out.println("done");
            }
            case "churn" -> {
                String body = ("churned by " + args[2] + " ").repeat(5_000);
                for (int i = 0; ; i++) {
                    notes.createNote("churn " + (i % 3), body, List.of(), true);
                    System.out.println("wrote " + i);
                    System.out.flush();
                }
            }
            default -> throw new IllegalArgumentException("unknown mode " + args[0]);
        }
    }
}
