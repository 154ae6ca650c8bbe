/** Helpers shared by the modules' tests; never published. */
module dev.calltype.testsupport {
    requires transitive org.junit.jupiter.api;

    exports dev.calltype.testsupport;
}
