package dev.calltype.runtime.internal.formats;

/** Seed-OSS {@code <seed:tool_call>} with Qwen3-Coder markup. */
class SeedOssTest extends FamilyCases {

    SeedOssTest() {
        super("seed-oss");
    }
}
