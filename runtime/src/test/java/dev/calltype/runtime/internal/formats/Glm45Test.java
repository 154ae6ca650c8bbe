package dev.calltype.runtime.internal.formats;

/** GLM-4.5+ {@code <tool_call>NAME<arg_key>K</arg_key><arg_value>V</arg_value></tool_call>}. */
class Glm45Test extends FamilyCases {

    Glm45Test() {
        super("glm45");
    }
}
