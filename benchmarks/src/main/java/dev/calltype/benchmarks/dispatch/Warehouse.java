package dev.calltype.benchmarks.dispatch;

import dev.calltype.annotations.Param;
import dev.calltype.annotations.Tool;
import dev.langchain4j.agent.tool.P;
import org.springframework.ai.tool.annotation.ToolParam;

/**
 * The one tool every framework in {@link DispatchBenchmark} and {@link ColdStartBenchmark} runs:
 * {@link #reserve} carries Calltype's, LangChain4j's and Spring AI's annotations at once, with the same
 * name, description and parameter descriptions for each, so that all three describe and call exactly
 * the same method.
 *
 * <p>Its parameters cover what a dispatcher has to convert: a string, an {@code int} that may be
 * omitted (default 1), an enum and a nested record; its result is a record, so each framework also
 * writes a JSON object back. The work inside the tool is a few string concatenations, deterministic,
 * so that what is measured is the framework around it.
 */
public class Warehouse {

    /** What the tool is, for the model: the same text for every framework. */
    static final String DESCRIPTION = "Reserves units of an item for delivery to an address.";

    /** How fast a reservation must be delivered. */
    public enum Priority {
        STANDARD, EXPRESS, OVERNIGHT
    }

    /** Where to deliver. */
    public record Address(String street, String city, String postcode) {
    }

    /** What {@link #reserve} answers. */
    public record Reservation(String reference, int quantity, Priority priority, String deliverTo) {
    }

    @Tool(description = DESCRIPTION)
    @dev.langchain4j.agent.tool.Tool(name = "reserve", value = DESCRIPTION)
    @org.springframework.ai.tool.annotation.Tool(name = "reserve", description = DESCRIPTION)
    public Reservation reserve(
            @Param(description = "the stock keeping unit of the item")
            @P("the stock keeping unit of the item")
            @ToolParam(description = "the stock keeping unit of the item")
            String sku,
            @Param(description = "how many units to reserve", defaultValue = "1")
            @P(value = "how many units to reserve", required = false, defaultValue = "1")
            @ToolParam(description = "how many units to reserve", required = false)
            int quantity,
            @Param(description = "how fast to deliver")
            @P("how fast to deliver")
            @ToolParam(description = "how fast to deliver")
            Priority priority,
            @Param(description = "where to deliver")
            @P("where to deliver")
            @ToolParam(description = "where to deliver")
            Address address) {
        String reference = sku + '-' + quantity + '-' + priority.name().charAt(0) + '-' + address.postcode();
        return new Reservation(reference, quantity, priority, address.street() + ", " + address.postcode() + ' '
                + address.city());
    }
}
