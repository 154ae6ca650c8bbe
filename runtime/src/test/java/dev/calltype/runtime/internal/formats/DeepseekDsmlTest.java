package dev.calltype.runtime.internal.formats;

/** DeepSeek V3.2 DSML invokes with {@code string="true|false"} parameters. */
class DeepseekDsmlTest extends FamilyCases {

    DeepseekDsmlTest() {
        super("deepseek-dsml");
    }
}
