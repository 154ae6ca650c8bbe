/** Helpers shared by the modules' tests; never published. */
module dev.calltype.testsupport {
    requires transitive com.fasterxml.jackson.databind;
    requires transitive org.junit.jupiter.api;

    exports dev.calltype.testsupport;
}
