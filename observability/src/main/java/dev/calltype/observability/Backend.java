package dev.calltype.observability;

import java.util.List;

/**
 * Where telemetry goes: Micrometer's observations and meters, or OpenTelemetry's tracer and meter. {@link LoopTelemetry}
 * and {@link ObservedAnswerType} decide every name, attribute and value ({@link GenAi}); a backend only records them.
 */
interface Backend {

    /** How an operation relates to the world, as OpenTelemetry's span kinds say it. */
    enum Kind {
        /** A request to another process (a model server). */
        CLIENT,
        /** Work in this process (a loop, a tool, a parse). */
        INTERNAL
    }

    /**
     * Starts an operation: an observation, a span.
     *
     * @param parent the operation it is part of, or {@code null} for the one current on this thread (if any)
     * @param metric the observation's name, the metric its duration is recorded under
     * @param spanName the span's name
     * @param kind the span's kind
     * @param current whether it becomes the current one on this thread until it ends (strictly nested uses only)
     */
    Operation start(Operation parent, String metric, String spanName, Kind kind, boolean current);

    /**
     * Adds one to a counter.
     *
     * @param metric the counter's name
     * @param tags its low-cardinality tags, key then value, every value set
     */
    void count(String metric, String... tags);

    /**
     * Records a value in a distribution (tokens) or a duration.
     *
     * @param metric the distribution's name
     * @param unit its unit: {@code "{token}"} or {@code "s"}
     * @param value the value
     * @param tags its low-cardinality tags, key then value, every value set
     */
    void record(String metric, String unit, double value, String... tags);

    /** One running operation. Attributes are low-cardinality (metric tags too) or high-cardinality (spans only). */
    interface Operation {
        /**
         * A low-cardinality attribute: a tag of the operation's duration metric and an attribute of its span.
         *
         * @param key the attribute's name
         * @param value its value; {@code null} when unknown
         */
        void low(String key, String value);

        /**
         * A high-cardinality attribute: on the span only.
         *
         * @param key the attribute's name
         * @param value its value; {@code null} leaves it out
         */
        void high(String key, String value);

        /**
         * A numeric high-cardinality attribute (token counts).
         *
         * @param key the attribute's name
         * @param value its value
         */
        void high(String key, long value);

        /**
         * A list attribute ({@code gen_ai.response.finish_reasons}), high-cardinality.
         *
         * @param key the attribute's name
         * @param values its values
         */
        void high(String key, List<String> values);

        /** Marks the operation successful: no {@code error.type} on the span (Micrometer's tag says {@code none}). */
        void succeeded();

        /**
         * Marks the operation failed.
         *
         * @param errorType the {@code error.type} value
         * @param thrown what was thrown, recorded with its stack trace, or {@code null}
         */
        void error(String errorType, Throwable thrown);

        /** Ends the operation, recording its duration. */
        void end();
    }
}
