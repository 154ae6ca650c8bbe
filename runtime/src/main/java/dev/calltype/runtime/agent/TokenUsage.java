package dev.calltype.runtime.agent;

/**
 * The tokens one model reply (or a sum of replies) took, as the server reported them.
 *
 * @param inputTokens the prompt's tokens ({@code prompt_tokens}, {@code input_tokens}), at least 0
 * @param outputTokens the reply's tokens ({@code completion_tokens}, {@code output_tokens}), reasoning included,
 *     at least 0
 */
public record TokenUsage(long inputTokens, long outputTokens) {

    /** No tokens: the start of a sum. */
    public static final TokenUsage ZERO = new TokenUsage(0, 0);

    /**
     * Checks the counts.
     *
     * @param inputTokens the prompt's tokens, at least 0
     * @param outputTokens the reply's tokens, at least 0
     * @throws IllegalArgumentException when a count is negative
     */
    public TokenUsage {
        if (inputTokens < 0 || outputTokens < 0) {
            throw new IllegalArgumentException("token counts must not be negative: " + inputTokens + ", "
                    + outputTokens);
        }
    }

    /**
     * Input and output tokens together.
     *
     * @return {@code inputTokens + outputTokens}
     */
    public long totalTokens() {
        return inputTokens + outputTokens;
    }

    /**
     * The sum of this and another usage.
     *
     * @param other the usage to add; {@code null} adds nothing
     * @return the sum
     */
    public TokenUsage plus(TokenUsage other) {
        return other == null ? this : new TokenUsage(inputTokens + other.inputTokens, outputTokens + other.outputTokens);
    }
}
