package dev.calltype.example;

import dev.calltype.example.tools.Calculator;
import dev.calltype.example.tools.CalculatorTools;
import dev.calltype.example.tools.Notes;
import dev.calltype.example.tools.NotesTools;
import dev.calltype.example.tools.WorldClock;
import dev.calltype.example.tools.WorldClockTools;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;
import java.time.Clock;

/** The example app's tools, one toolkit over the three generated ones. */
final class ExampleTools {

    private ExampleTools() {
    }

    static Toolkit toolkit(Notes notes, Clock clock) {
        return Toolkits.combine(new NotesTools(notes), new CalculatorTools(new Calculator()),
                new WorldClockTools(new WorldClock(clock)));
    }
}
