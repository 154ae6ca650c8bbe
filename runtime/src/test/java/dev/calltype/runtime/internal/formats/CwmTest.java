package dev.calltype.runtime.internal.formats;

/** CWM {@code <tool: LABEL>\nNAME {…}\n</tool>} and shell lines. */
class CwmTest extends FamilyCases {

    CwmTest() {
        super("cwm");
    }
}
