package dev.calltype.runtime.internal.formats;

/**
 * The data-loss and policy regressions of issue 16 across families ({@code regressions.jsonl}): values JSON cannot
 * hold, dotted names, arguments that were dropped, reasoning that was run, whitespace, one bad call dropping its
 * siblings, a lone closing reasoning marker, silence where markup was found.
 */
class RegressionCasesTest extends FamilyCases {

    RegressionCasesTest() {
        super("regressions", false);
    }
}
