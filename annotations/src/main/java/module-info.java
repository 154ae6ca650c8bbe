/** Calltype's annotations: {@code @Tool}, {@code @Param} and {@code @ToolParams}. No dependencies. */
module dev.calltype.annotations {
    exports dev.calltype.annotations;
}
