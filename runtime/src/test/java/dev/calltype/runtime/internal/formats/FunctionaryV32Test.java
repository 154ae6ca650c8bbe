package dev.calltype.runtime.internal.formats;

/** Functionary v3.2 {@code >>>NAME\n{…}}, also when the prompt holds the first {@code >>>}. */
class FunctionaryV32Test extends FamilyCases {

    FunctionaryV32Test() {
        super("functionary-v32");
    }
}
