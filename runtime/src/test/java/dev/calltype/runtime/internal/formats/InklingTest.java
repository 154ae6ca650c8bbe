package dev.calltype.runtime.internal.formats;

/** Inkling {@code <|message_model|>NAME<|content_invoke_tool_json|>{…}<|end_message|>}. */
class InklingTest extends FamilyCases {

    InklingTest() {
        super("inkling");
    }
}
