package dev.calltype.runtime.internal.formats;

/** A Markdown {@code ```json} fence holding a call or a list of calls. */
class JsonFenceTest extends FamilyCases {

    JsonFenceTest() {
        super("json-fence");
    }
}
