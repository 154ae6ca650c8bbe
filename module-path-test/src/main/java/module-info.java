/**
 * A program as a user writes it on the module path: tools compiled by the Calltype processor, linked against the
 * runtime's exported packages only.
 */
module dev.calltype.modulepathtest {
    requires dev.calltype.annotations;
    requires dev.calltype.runtime;

    // tool results are records that Jackson (read by the runtime) serializes reflectively
    opens dev.calltype.modulepathtest to com.fasterxml.jackson.databind;
}
