package dev.calltype.runtime.internal.formats;

/** Llama 3.x {@code <|python_tag|>} JSON calls separated by {@code ;}, and built-in pythonic calls. */
class Llama3PythonTagTest extends FamilyCases {

    Llama3PythonTagTest() {
        super("llama3-python-tag");
    }
}
