package dev.calltype.langchain4j.tools;

import dev.calltype.annotations.Tool;
import java.util.ArrayList;
import java.util.List;

/** A tool that needs the user's approval before it runs, for the confirmation tests. */
public class Vault {

    /** The ids wiped, in order. */
    public final List<String> wiped = new ArrayList<>();

    /**
     * Wipes a record for good.
     *
     * @param id the record
     * @return what was done
     */
    @Tool(confirm = true)
    public String wipe(String id) {
        wiped.add(id);
        return "wiped " + id;
    }
}
