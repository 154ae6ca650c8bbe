package dev.calltype.springai.tools;

import dev.calltype.annotations.Tool;
import java.util.ArrayList;
import java.util.List;

/** A tool whose every run moves money, for the tests that a call cut off by the token limit never runs. */
public class Bank {

    /** The transfers made, in order, as {@code from->to:amount}. */
    public final List<String> transfers = new ArrayList<>();

    /**
     * Moves money between two accounts.
     *
     * @param from the account to take it from
     * @param to the account to pay it into
     * @param amount how much, in whole euros
     * @return what was done
     */
    @Tool
    public String transfer(String from, String to, int amount) {
        transfers.add(from + "->" + to + ":" + amount);
        return "moved " + amount + " from " + from + " to " + to;
    }
}
