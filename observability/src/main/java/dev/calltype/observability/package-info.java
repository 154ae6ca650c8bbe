/**
 * Metrics and traces for tool loops and typed answers, with the OpenTelemetry GenAI semantic conventions. Start at
 * {@link dev.calltype.observability.MicrometerTelemetry} (Micrometer observations) or
 * {@link dev.calltype.observability.OtelTelemetry} (OpenTelemetry spans and metrics); in a Spring Boot application
 * {@link dev.calltype.observability.CalltypeObservabilityAutoConfiguration} wires one in.
 */
package dev.calltype.observability;
